// The steps of a sign-in after the password (or a passkey alone): the
// server answers 202 with a SignInStep, holds the step in its own HttpOnly
// cookie, and opens the session only once the last step is done.
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { apiJson, type Wire } from "@/lib/api";

export type SignInStep = Wire<"SignInStep">;
export type SignedIn = Wire<"LoginResponse">;

/** A sign-in answer that asks for another step rather than signing in. */
export function isSignInStep(answer: object): answer is SignInStep {
  return "step" in answer;
}

function requestOptions(answer: Wire<"PasskeyOptions">) {
  return (answer.options as { publicKey: PublicKeyCredentialRequestOptionsJSON }).publicKey;
}

function creationOptions(answer: Wire<"PasskeyOptions">) {
  return (answer.options as { publicKey: PublicKeyCredentialCreationOptionsJSON }).publicKey;
}

export function secondFactorCode(method: "totp" | "recovery-code", code: string) {
  return apiJson<SignedIn>("POST", "/api/auth/second-factor", { method, code });
}

export async function secondFactorPasskey(): Promise<SignedIn> {
  const options = await apiJson<Wire<"PasskeyOptions">>(
    "POST",
    "/api/auth/second-factor/passkey-options",
    {},
  );
  const credential = await startAuthentication({ optionsJSON: requestOptions(options) });
  return apiJson<SignedIn>("POST", "/api/auth/second-factor", { method: "passkey", credential });
}

/** A sign-in with a passkey alone: no address, no password. */
export async function passkeySignIn(): Promise<SignedIn> {
  const options = await apiJson<Wire<"PasskeyOptions">>("POST", "/api/auth/passkey-options");
  const credential = await startAuthentication({ optionsJSON: requestOptions(options) });
  return apiJson<SignedIn>("POST", "/api/auth/passkey", { credential });
}

export function setUpStepTotp() {
  return apiJson<Wire<"TOTPSetUp">>("POST", "/api/auth/set-up/totp", {});
}

export function finishSetUpTotp(code: string) {
  return apiJson<SignedIn>("POST", "/api/auth/set-up", { method: "totp", code });
}

export async function finishSetUpPasskey(name: string): Promise<SignedIn> {
  const options = await apiJson<Wire<"PasskeyOptions">>(
    "POST",
    "/api/auth/set-up/passkey-options",
    {},
  );
  const credential = await startRegistration({ optionsJSON: creationOptions(options) });
  return apiJson<SignedIn>("POST", "/api/auth/set-up", { method: "passkey", name, credential });
}

/** Adds a passkey to the signed-in account; recovery codes when it is the first factor. */
export async function addPasskey(name: string): Promise<Wire<"FactorAdded">> {
  const options = await apiJson<Wire<"PasskeyOptions">>("POST", "/api/account/passkey-options");
  const credential = await startRegistration({ optionsJSON: creationOptions(options) });
  return apiJson<Wire<"FactorAdded">>("POST", "/api/account/passkeys", {
    registrationToken: options.registrationToken,
    name,
    credential,
  });
}

/** Proves again who is signed in, for a change that needs a fresh proof. */
export function confirmIdentity(method: "password" | "totp", secret: string) {
  const body = method === "password" ? { method, password: secret } : { method, code: secret };
  return apiJson<Wire<"Message">>("POST", "/api/account/confirm-identity", body);
}

/** Proves again who is signed in with one of the account's passkeys. */
export async function confirmIdentityWithPasskey(): Promise<Wire<"Message">> {
  const options = await apiJson<Wire<"PasskeyOptions">>(
    "POST",
    "/api/account/confirm-identity/passkey-options",
  );
  const credential = await startAuthentication({ optionsJSON: requestOptions(options) });
  return apiJson<Wire<"Message">>("POST", "/api/account/confirm-identity", {
    method: "passkey",
    confirmToken: options.confirmToken,
    credential,
  });
}
