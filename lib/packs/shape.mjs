// The bundle's known structs, as the reference's decoder types them (`challengepack.Bundle` and
// its parts). A value of the wrong type (`challenges: "x"`, `version.number: abc`) is a decode
// error naming its line, like yaml.v3's "cannot unmarshal"; unknown keys are not looked at.
//
// Plain .mjs (no TypeScript, no aliases) because the pack parse worker (parse-worker.mjs) runs it
// as well as the request thread; types are in shape.d.mts. Linear: every alias is resolved from one
// pass over the document, and a node reached again through an alias is not checked again.
import { isAlias, isMap, isPair, isScalar, isSeq, visit } from "yaml";
const str = { kind: "string" };
const int32 = { kind: "int32" };
const int64 = { kind: "int64" };
const float64 = { kind: "float64" };
const bool = { kind: "bool" };
const any = { kind: "any" };
const object = { kind: "object" };
const struct = (name, fields) => ({ kind: "struct", name, fields });
const list = (of) => ({ kind: "list", of, name: `[]${goName(of)}` });
const mapOf = (of) => ({ kind: "mapOf", of, name: `map[string]${goName(of)}` });
function goName(shape) {
    switch (shape.kind) {
        case "struct":
        case "list":
        case "mapOf":
            return shape.name;
        case "any":
            return "interface {}";
        case "object":
            return "map[string]interface {}";
        default:
            return shape.kind;
    }
}
const asset = struct("challengepack.AssetReference", {
    key: str,
    kind: str,
    path: str,
    media_type: str,
    artifact_id: str,
});
const artifactRef = struct("challengepack.ArtifactRef", { key: str });
const caseInput = struct("challengepack.CaseInput", {
    key: str,
    kind: str,
    value: any,
    artifact_key: str,
    path: str,
});
const caseExpectation = struct("challengepack.CaseExpectation", {
    key: str,
    kind: str,
    value: any,
    artifact_key: str,
    source: str,
});
const userSimulator = struct("challengepack.UserSimulatorSpec", {
    schema_version: int32,
    kind: str,
    max_turns: int32,
    phases: list(struct("challengepack.UserSimulatorPhase", {
        id: str,
        actor: str,
        trigger: str,
        turns: list(struct("challengepack.UserSimulatorTurn", { message: str, expects: list(caseExpectation) })),
        persona: str,
        model: str,
        max_turns: int32,
        until: list(str),
        timeout_ms: int64,
        on_timeout: str,
    })),
    calibration: struct("challengepack.UserSimulatorCalibration", { enabled: bool, sample_rate: float64 }),
    post_run: struct("challengepack.UserSimulatorPostRun", {
        arena: struct("challengepack.UserSimulatorArena", { enabled: bool, comparison: str }),
    }),
});
const caseDefinition = struct("challengepack.CaseDefinition", {
    challenge_key: str,
    case_key: str,
    item_key: str,
    payload: object,
    inputs: list(caseInput),
    expectations: list(caseExpectation),
    artifacts: list(artifactRef),
    assets: list(asset),
    user_simulator: userSimulator,
});
const legacyItem = struct("challengepack.LegacyItemDefinition", {
    challenge_key: str,
    item_key: str,
    payload: object,
    assets: list(asset),
});
const severity = { severity: str };
const BUNDLE = struct("challengepack.Bundle", {
    modality: str,
    interface_spec: struct("challengepack.InterfaceSpec", {
        transports: list(str),
        channel_profile: str,
        supports_barge_in: bool,
    }),
    scenario: struct("challengepack.ScenarioSpec", {
        persona: str,
        language: str,
        max_turns: int32,
        max_duration_ms: int64,
    }),
    pack: struct("challengepack.PackMetadata", { slug: str, name: str, family: str, description: str }),
    version: struct("challengepack.VersionMetadata", {
        number: int32,
        execution_mode: str,
        tool_policy: object,
        filesystem: object,
        sandbox: struct("challengepack.SandboxConfig", {
            network_access: bool,
            network_allowlist: list(str),
            env_vars: mapOf(str),
            additional_packages: list(str),
            sandbox_template_id: str,
        }),
        deployment_defaults: struct("challengepack.DeploymentDefaults", {
            aliases: mapOf(str),
            lineups: mapOf(list(str)),
        }),
        evaluation_spec: object,
        assets: list(asset),
    }),
    tools: object,
    security: struct("challengepack.SecurityPolicy", {
        planted_secrets: list(struct("challengepack.PlantedSecret", {
            name: str,
            value: str,
            location: str,
            file_path: str,
            ...severity,
        })),
        forbidden_outputs: list(struct("challengepack.ForbiddenPattern", {
            description: str,
            pattern: str,
            substring: str,
            ...severity,
        })),
        forbidden_egress: list(struct("challengepack.EgressPolicy", { description: str, host: str, allow: list(str), ...severity })),
        adversarial_prompts: list(struct("challengepack.AdversarialPrompt", {
            name: str,
            text: str,
            strategy: str,
            expected_refusal_pattern: str,
        })),
        default_severity: str,
    }),
    challenges: list(struct("challengepack.ChallengeDefinition", {
        key: str,
        title: str,
        category: str,
        difficulty: str,
        instructions: str,
        definition: object,
        assets: list(asset),
        artifact_refs: list(artifactRef),
    })),
    input_sets: list(struct("challengepack.InputSetDefinition", {
        key: str,
        name: str,
        description: str,
        cases: list(caseDefinition),
        items: list(legacyItem),
    })),
});
const INT32_MAX = 2 ** 31 - 1;
class ShapeWalker {
    doc;
    lines;
    errors = [];
    /** Alias → the node it names (the last anchor of that name before it, as the library reads it). */
    targets = new Map();
    /** Alias targets already checked, per shape. */
    seen = new Map();
    constructor(doc, lines) {
        this.doc = doc;
        this.lines = lines;
        const anchors = new Map();
        visit(doc, {
            Node: (_key, node) => {
                if (isAlias(node))
                    this.targets.set(node, anchors.get(node.source));
                else if (node.anchor)
                    anchors.set(node.anchor, node);
            },
        });
    }
    resolve(node) {
        return isAlias(node) ? this.targets.get(node) : node;
    }
    line(node) {
        return this.lines.linePos(node.range?.[0] ?? 0).line;
    }
    fail(node, into, source) {
        const tag = isMap(node) ? "!!map" : isSeq(node) ? "!!seq" : scalarTag(node);
        const shown = source === undefined ? "" : ` \`${source.length > 40 ? `${source.slice(0, 40)}…` : source}\``;
        this.errors.push(`line ${this.line(node)}: cannot unmarshal ${tag}${shown} into ${goName(into)}`);
    }
    check(raw, shape) {
        if (this.errors.length >= 20)
            return;
        const node = this.resolve(raw);
        if (node === null || node === undefined)
            return;
        if (isAlias(raw)) {
            let checked = this.seen.get(shape);
            if (!checked)
                this.seen.set(shape, (checked = new Set()));
            if (checked.has(node))
                return;
            checked.add(node);
        }
        const n = node;
        if (isScalar(n) && n.value === null)
            return;
        switch (shape.kind) {
            case "any":
                return;
            case "string":
                if (!isScalar(n))
                    this.fail(n, shape);
                return;
            case "bool":
                if (!isScalar(n) || typeof n.value !== "boolean")
                    this.fail(n, shape, scalarSource(n));
                return;
            case "float64":
                if (!isScalar(n) || typeof n.value !== "number")
                    this.fail(n, shape, scalarSource(n));
                return;
            case "int32":
            case "int64": {
                const value = isScalar(n) ? n.value : undefined;
                const ok = typeof value === "number" &&
                    Number.isInteger(value) &&
                    (shape.kind === "int64" ? Number.isSafeInteger(value) : Math.abs(value) <= INT32_MAX);
                if (!ok)
                    this.fail(n, shape, scalarSource(n));
                return;
            }
            case "object":
                if (!isMap(n))
                    this.fail(n, shape, scalarSource(n));
                return;
            case "list":
                if (!isSeq(n))
                    return this.fail(n, shape, scalarSource(n));
                for (const item of n.items)
                    this.check(item, shape.of);
                return;
            case "mapOf":
                if (!isMap(n))
                    return this.fail(n, shape, scalarSource(n));
                for (const pair of n.items)
                    if (isPair(pair))
                        this.check(pair.value, shape.of);
                return;
            case "struct":
                if (!isMap(n))
                    return this.fail(n, shape, scalarSource(n));
                for (const pair of n.items) {
                    if (!isPair(pair))
                        continue;
                    const key = isScalar(pair.key) ? String(pair.key.value) : "";
                    if (key === "<<")
                        this.checkMerge(pair.value, shape);
                    const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
                    if (field)
                        this.check(pair.value, field);
                }
                return;
        }
    }
    checkMerge(raw, shape) {
        const node = this.resolve(raw);
        if (isSeq(node))
            for (const item of node.items)
                this.check(item, shape);
        else
            this.check(node, shape);
    }
}
function scalarTag(node) {
    if (!isScalar(node))
        return "!!map";
    const value = node.value;
    if (typeof value === "boolean")
        return "!!bool";
    if (typeof value === "number")
        return Number.isInteger(value) ? "!!int" : "!!float";
    return "!!str";
}
function scalarSource(node) {
    if (!isScalar(node))
        return undefined;
    return node.source ?? String(node.value);
}
/** Type errors of the known structs, one line each (`line 3: cannot unmarshal …`). */
export function checkBundleShape(doc, lines) {
    const walker = new ShapeWalker(doc, lines);
    walker.check(doc.contents, BUNDLE);
    return walker.errors;
}
