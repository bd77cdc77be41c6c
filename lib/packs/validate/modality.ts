// docs/packs.md §2 modality rows: `interface_spec` and `scenario` belong to voice packs only.
import type { Bundle, Json } from "../types";
import { type Errors, num, present, text } from "./util";

const TRANSPORTS = new Set(["text_sim", "webrtc", "sip", "pstn", "websocket"]);
const TRANSPORT_MESSAGE = "must be one of text_sim, webrtc, sip, pstn, websocket";

function validateInterfaceSpec(spec: Json | undefined, errs: Errors): void {
  if (!present(spec)) return errs.add("interface_spec", "is required when modality is voice");
  const transports = Array.isArray(spec.transports) ? spec.transports.map(text) : [];
  if (transports.length === 0) errs.add("interface_spec.transports", "must contain at least one transport");
  const seen = new Set<string>();
  transports.forEach((transport, i) => {
    const field = `interface_spec.transports[${i}]`;
    if (transport === "") return errs.add(field, TRANSPORT_MESSAGE);
    if (seen.has(transport)) return errs.add(field, "must be unique");
    seen.add(transport);
    if (!TRANSPORTS.has(transport)) errs.add(field, TRANSPORT_MESSAGE);
  });
  if (text(spec.channel_profile) === "") {
    errs.add("interface_spec.channel_profile", "is required when modality is voice");
  }
}

function validateScenario(spec: Json | undefined, errs: Errors): void {
  if (!present(spec)) return errs.add("scenario", "is required when modality is voice");
  if (text(spec.persona) === "") errs.add("scenario.persona", "is required when modality is voice");
  if (text(spec.language) === "") errs.add("scenario.language", "is required when modality is voice");
  if (num(spec.max_turns) <= 0)
    errs.add("scenario.max_turns", "must be greater than 0 when modality is voice");
  if (num(spec.max_duration_ms) <= 0) {
    errs.add("scenario.max_duration_ms", "must be greater than 0 when modality is voice");
  }
}

export function validateModality(bundle: Bundle, errs: Errors): void {
  const modality = text(bundle.modality);
  if (modality === "") {
    if (present(bundle.interface_spec)) errs.add("modality", "is required when interface_spec is set");
    if (present(bundle.scenario)) errs.add("modality", "is required when scenario is set");
    return;
  }
  if (modality !== "voice") return errs.add("modality", 'must be "voice" when specified');
  validateInterfaceSpec(bundle.interface_spec, errs);
  validateScenario(bundle.scenario, errs);
}
