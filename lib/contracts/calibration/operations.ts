import { operation } from "@/lib/contracts/operation";
import { WRITERS } from "@/lib/contracts/challenges/inputs";
import { idParams } from "@/lib/contracts/params";
import {
  addGeneratedSchema,
  exampleCreateSchema,
  exampleParams,
  exampleUpdateSchema,
  labelAttemptSchema,
  runListQuerySchema,
  runParams,
  settingsPatchSchema,
  startRunSchema,
} from "@/lib/contracts/calibration/inputs";
import {
  exampleListResponse,
  exampleResponse,
  runListResponse,
  runResponse,
  settingsResponse,
} from "@/lib/contracts/calibration/views";

// The calibration route contracts (/console/api/challenges/{id}/calibration/**): writers edit
// examples and settings and start runs; every member reads.

export const calibrationOperations = {
  listExamples: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "A challenge's labelled calibration examples", response: exampleListResponse },
  }),
  createExample: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: exampleCreateSchema,
    maxBodyBytes: 128 * 1024,
    doc: {
      summary: "Add a labelled example answer written by the creator",
      response: exampleResponse,
      status: 201,
    },
  }),
  updateExample: operation({
    auth: "workspace",
    roles: WRITERS,
    params: exampleParams,
    body: exampleUpdateSchema,
    maxBodyBytes: 128 * 1024,
    doc: {
      summary: "Change an example's label and/or text (a generated example's text cannot be set)",
      response: exampleResponse,
    },
  }),
  removeExample: operation({
    auth: "workspace",
    roles: WRITERS,
    params: exampleParams,
    doc: { summary: "Delete a calibration example", status: 204 },
  }),
  addGenerated: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: addGeneratedSchema,
    doc: {
      summary: "Add generated examples (made from the secret at run time); kinds already present are skipped",
      response: exampleListResponse,
      status: 201,
    },
  }),
  labelAttempt: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: labelAttemptSchema,
    doc: {
      summary: "Label a past attempt of the challenge as an example (its masked response is copied)",
      response: exampleResponse,
      status: 201,
    },
  }),
  getSettings: operation({
    auth: "workspace",
    params: idParams,
    doc: { summary: "A challenge's calibration settings (samples, thresholds)", response: settingsResponse },
  }),
  updateSettings: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: settingsPatchSchema,
    doc: { summary: "Change a challenge's calibration settings", response: settingsResponse },
  }),
  listRuns: operation({
    auth: "workspace",
    params: idParams,
    query: runListQuerySchema,
    doc: { summary: "A challenge's calibration runs, newest first", response: runListResponse },
  }),
  startRun: operation({
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: startRunSchema,
    doc: {
      summary:
        "Calibrate: evaluate every example k times on the published workflow version (runs on the job engine); 409 without a published version or examples, or while a run is in progress",
      response: runResponse,
      status: 202,
      statuses: [409],
    },
  }),
  getRun: operation({
    auth: "workspace",
    params: runParams,
    doc: { summary: "A calibration run: progress and, once done, its report", response: runResponse },
  }),
};
