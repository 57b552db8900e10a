// The single sign-on page's words (its messages of refusal are the server's).
export const ssoCopy = {
  title: "Single sign-on",
  intro:
    "Let your people sign in with your company's own account (Microsoft Entra ID, Google Workspace, Okta or any OpenID Connect provider). Someone your IT team disables there cannot start a new Lifetag session.",
  redirectUri: "Redirect URI to register at your provider",
  copyField: { copy: "Copy", copied: "Copied" },
  issuer: "Issuer URL",
  issuerHint:
    "For example https://login.microsoftonline.com/<tenant id>/v2.0 or https://accounts.google.com",
  clientId: "Client ID",
  clientSecret: "Client secret",
  secretKept: "A secret is stored. Leave empty to keep it.",
  domains: "E-mail domains",
  domainsHint:
    "One per line, such as acme.com. Lifetag checks that each is yours before it signs anyone in.",
  approved: "Approved",
  pending: "Waiting for Lifetag's approval",
  requireSso: "Require single sign-on",
  requireSsoHint:
    "Members can no longer sign in with a password; you, the Organization Administrator, keep yours in case the provider fails.",
  newMembers:
    "A person's first sign-in with your company makes them a Standard member of the team.",
  save: "Save",
  saving: "Checking the provider…",
  saved: "Single sign-on saved",
  failed: "Single sign-on was not saved",
};
