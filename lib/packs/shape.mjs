// The bundle's known structs, typed as the reference's decoder types them. Plain .mjs, linear
// (lib/packs/README.md, 'Shape checks').
import { isAlias, isMap, isPair, isScalar, isSeq, visit } from "yaml";
import { plural, quoteShort } from "./words.mjs";
const str = { kind: "string" };
const int32 = { kind: "int32" };
const int64 = { kind: "int64" };
const float64 = { kind: "float64" };
const bool = { kind: "bool" };
const any = { kind: "any" };
const object = { kind: "object" };
const struct = (noun, fields) => ({ kind: "struct", noun, fields });
const list = (of) => ({ kind: "list", of });
const mapOf = (of) => ({ kind: "mapOf", of });
/** What a shape expects, in words (`a list of cases`, `a whole number`). */
function expected(shape) {
    switch (shape.kind) {
        case "string":
            return "text";
        case "int32":
        case "int64":
            return "a whole number";
        case "float64":
            return "a number";
        case "bool":
            return "true or false";
        case "object":
            return "a mapping (key: value lines)";
        case "struct": {
            const keys = Object.keys(shape.fields);
            const shown = keys.slice(0, 4).join(", ") + (keys.length > 4 ? ", …" : "");
            return `a mapping (the ${shape.noun}'s fields: ${shown})`;
        }
        case "list":
            return `a list of ${listNoun(shape.of)}`;
        case "mapOf":
            return `a mapping of names to ${listNoun(shape.of)}`;
        default:
            return "a value";
    }
}
function listNoun(shape) {
    switch (shape.kind) {
        case "struct":
            return plural(shape.noun);
        case "string":
            return "text values";
        case "list":
            return `lists of ${listNoun(shape.of)}`;
        default:
            return "values";
    }
}
const asset = struct("asset", {
    key: str,
    kind: str,
    path: str,
    media_type: str,
    artifact_id: str,
});
const artifactRef = struct("artifact reference", { key: str });
const caseInput = struct("input", {
    key: str,
    kind: str,
    value: any,
    artifact_key: str,
    path: str,
});
const caseExpectation = struct("expectation", {
    key: str,
    kind: str,
    value: any,
    artifact_key: str,
    source: str,
});
const userSimulator = struct("user simulator", {
    schema_version: int32,
    kind: str,
    max_turns: int32,
    phases: list(struct("phase", {
        id: str,
        actor: str,
        trigger: str,
        turns: list(struct("turn", { message: str, expects: list(caseExpectation) })),
        persona: str,
        model: str,
        max_turns: int32,
        until: list(str),
        timeout_ms: int64,
        on_timeout: str,
    })),
    calibration: struct("calibration", { enabled: bool, sample_rate: float64 }),
    post_run: struct("post-run step", {
        arena: struct("arena", { enabled: bool, comparison: str }),
    }),
});
const caseDefinition = struct("case", {
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
const legacyItem = struct("item", {
    challenge_key: str,
    item_key: str,
    payload: object,
    assets: list(asset),
});
const severity = { severity: str };
const BUNDLE = struct("bundle", {
    pack: struct("pack", { slug: str, name: str, family: str, description: str }),
    version: struct("version", {
        number: int32,
        execution_mode: str,
        tool_policy: object,
        filesystem: object,
        sandbox: struct("sandbox", {
            network_access: bool,
            network_allowlist: list(str),
            env_vars: mapOf(str),
            additional_packages: list(str),
            sandbox_template_id: str,
        }),
        deployment_defaults: struct("deployment defaults", {
            aliases: mapOf(str),
            lineups: mapOf(list(str)),
        }),
        evaluation_spec: object,
        assets: list(asset),
    }),
    tools: object,
    security: struct("security policy", {
        planted_secrets: list(struct("planted secret", {
            name: str,
            value: str,
            location: str,
            file_path: str,
            ...severity,
        })),
        forbidden_outputs: list(struct("forbidden output", {
            description: str,
            pattern: str,
            substring: str,
            ...severity,
        })),
        forbidden_egress: list(struct("egress rule", { description: str, host: str, allow: list(str), ...severity })),
        adversarial_prompts: list(struct("adversarial prompt", {
            name: str,
            text: str,
            strategy: str,
            expected_refusal_pattern: str,
        })),
        default_severity: str,
    }),
    challenges: list(struct("challenge", {
        key: str,
        title: str,
        category: str,
        difficulty: str,
        instructions: str,
        definition: object,
        assets: list(asset),
        artifact_refs: list(artifactRef),
    })),
    input_sets: list(struct("input set", {
        key: str,
        name: str,
        description: str,
        cases: list(caseDefinition),
        items: list(legacyItem),
    })),
    modality: str,
    interface_spec: struct("interface spec", {
        transports: list(str),
        channel_profile: str,
        supports_barge_in: bool,
    }),
    scenario: struct("scenario", {
        persona: str,
        language: str,
        max_turns: int32,
        max_duration_ms: int64,
    }),
});
const INT32_MAX = 2 ** 31 - 1;
/** The path of a key under `path` (`pack.slug`; the bundle's own keys stand alone). */
export function childPath(path, key) {
    return path === "" ? key : `${path}.${key}`;
}
class ShapeWalker {
    doc;
    lines;
    /** `{ line, field, message }` per problem, in document order. */
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
    fail(node, shape, path, why) {
        const line = this.line(node);
        const got = describeNode(node);
        this.errors.push({
            line,
            field: path === "" ? "bundle" : path,
            message: `expected ${why ?? expected(shape)}, got ${got} (line ${line})`,
        });
    }
    check(raw, shape, path) {
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
                    this.fail(n, shape, path);
                return;
            case "bool":
                if (!isScalar(n) || typeof n.value !== "boolean")
                    this.fail(n, shape, path);
                return;
            case "float64":
                if (!isScalar(n) || typeof n.value !== "number")
                    this.fail(n, shape, path);
                return;
            case "int32":
            case "int64": {
                const value = isScalar(n) ? n.value : undefined;
                const whole = typeof value === "number" && Number.isInteger(value);
                const ok = whole && (shape.kind === "int64" ? Number.isSafeInteger(value) : Math.abs(value) <= INT32_MAX);
                if (!ok)
                    this.fail(n, shape, path, whole && shape.kind === "int32" ? `a whole number between -${INT32_MAX} and ${INT32_MAX}` : undefined);
                return;
            }
            case "object":
                if (!isMap(n))
                    this.fail(n, shape, path);
                return;
            case "list":
                if (!isSeq(n))
                    return this.fail(n, shape, path);
                n.items.forEach((item, i) => this.check(item, shape.of, `${path}[${i}]`));
                return;
            case "mapOf":
                if (!isMap(n))
                    return this.fail(n, shape, path);
                for (const pair of n.items)
                    if (isPair(pair))
                        this.check(pair.value, shape.of, childPath(path, keyText(pair.key)));
                return;
            case "struct":
                if (!isMap(n))
                    return this.fail(n, shape, path);
                for (const pair of n.items) {
                    if (!isPair(pair))
                        continue;
                    const key = keyText(pair.key);
                    if (key === "<<")
                        this.checkMerge(pair.value, shape, path);
                    const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
                    if (field)
                        this.check(pair.value, field, childPath(path, key));
                }
                return;
        }
    }
    checkMerge(raw, shape, path) {
        const node = this.resolve(raw);
        if (isSeq(node))
            for (const item of node.items)
                this.check(item, shape, path);
        else
            this.check(node, shape, path);
    }
}
/** A mapping key's text; the merge key `<<` (a symbol once merges are on) reads `<<`. */
export function keyText(key) {
    if (!isScalar(key))
        return "";
    const value = key.value;
    return typeof value === "symbol" ? (value.description ?? "") : String(value);
}
/** What a YAML node holds, in words (`a mapping`, `a list`, `the text "yes"`, `the number 1.5`). */
export function describeNode(node) {
    if (isMap(node))
        return "a mapping";
    if (isSeq(node))
        return "a list";
    if (!isScalar(node))
        return "a value";
    const value = node.value;
    const source = node.source ?? String(value);
    if (typeof value === "boolean")
        return source;
    if (typeof value === "number")
        return `the number ${source}`;
    return `the text ${quoteShort(String(value))}`;
}
/** Type errors of the known structs (`{ line, field, message }`), in document order. */
export function checkBundleShape(doc, lines) {
    const walker = new ShapeWalker(doc, lines);
    walker.check(doc.contents, BUNDLE, "");
    return walker.errors;
}
