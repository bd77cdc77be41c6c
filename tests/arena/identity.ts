// Ed25519 identities of arena players: SpecArena's key-file format, the user id derived from the
// public key and the signed messages of a join and a profile update.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as edSign,
} from "node:crypto";

export interface Identity {
  /** Hex of the SPKI DER public key: 88 hex chars starting with ED25519_SPKI_PREFIX. */
  publicKeyHex: string;
  /** Hex of the PKCS8 DER private key (SpecArena's key-file format). */
  privateKeyHex: string;
  /** sha256 of the public key hex text (UTF-8), hex: the persistent user id in auth mode. */
  userId: string;
}

export const ED25519_SPKI_PREFIX = "302a300506032b6570032100";

export function identityFromPrivateKeyHex(privateKeyHex: string): Identity {
  const privateKey = createPrivateKey({
    key: Buffer.from(privateKeyHex, "hex"),
    format: "der",
    type: "pkcs8",
  });
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 private key");
  const publicKeyHex = createPublicKey(privateKey).export({ format: "der", type: "spki" }).toString("hex");
  return { publicKeyHex, privateKeyHex, userId: userIdOf(publicKeyHex) };
}

export function makeIdentity(): Identity {
  const { privateKey } = generateKeyPairSync("ed25519");
  return identityFromPrivateKeyHex(privateKey.export({ format: "der", type: "pkcs8" }).toString("hex"));
}

export function userIdOf(publicKeyHex: string): string {
  return createHash("sha256").update(publicKeyHex, "utf8").digest("hex");
}

/** Hex of the 64-byte Ed25519 signature of `message` (UTF-8). */
export function sign(identity: Identity, message: string): string {
  const key = createPrivateKey({
    key: Buffer.from(identity.privateKeyHex, "hex"),
    format: "der",
    type: "pkcs8",
  });
  return edSign(null, Buffer.from(message), key).toString("hex");
}

export function joinMessage(invite: string, timestamp: number): string {
  return `arena:v1:join:${invite}:${timestamp}`;
}

export function userUpdateMessage(timestamp: number): string {
  return `arena:v1:user-update:${timestamp}`;
}
