// Strings of the worker collection links: the officer's page, the worker's
// form and the Send update link action. The server's own messages (expired,
// revoked, closed, consent) come in its answers.
export const collectCopy = {
  // The poster of a link's QR code (poster.ts): ASCII only, as the
  // PDF's standard fonts write it.
  poster: {
    heading: "Scan to send your emergency details",
    steps: "Open your phone's camera and point it at the code. No account needed.",
    typeIt: "No camera? Type the address above into your phone's browser.",
  },
  links: {
    title: "Worker collection links",
    intro:
      "Share a link (or its QR code on a noticeboard): each worker fills in their own details on their phone, without an account, and each form sent becomes a QR code in your library, counted in your plan.",
    back: "Back to dashboard",
    create: "Create collection link",
    creating: "Creating…",
    template: "Form template",
    project: "Project",
    noProject: "No project",
    numberField: "Field for the employee or badge number",
    numberFieldNone: "None: recognise workers by name",
    // What each choice does when one worker sends the form twice.
    numberFieldHint:
      "Without a number, a worker who sends the form again with the same name and the same date of birth or phone gets no second QR code: they are told they already have one, and an update link goes to the e-mail on their record (or you are asked to send one). Two workers who share a name and nothing else get a code each.",
    numberFieldHintChosen:
      "Each worker types their number in this field. A number another QR code already has is refused, so that worker gets no second code; a worker who leaves it blank is recognised by name and date of birth or phone, as without a number.",
    expiry: "Link expires",
    expiryChoices: [
      [7, "In 7 days"],
      [30, "In 30 days"],
      [0, "Never"],
    ] as [number, string][],
    cancel: "Cancel",
    created: "Collection link created",
    createdOnce:
      "Copy the link and download or print its QR code now: for safety we keep only a fingerprint of it, so it cannot be shown again. If it is lost, use Replace on its row: a new link for the same form, and this one revoked.",
    // An update link is for one worker, sent to them, with no noticeboard code.
    createdOnceLink:
      "Copy the link now: for safety we keep only a fingerprint of it, so it cannot be shown again.",
    qrDownloads: "The QR code for a noticeboard",
    downloadPng: "Download QR code (PNG)",
    downloadSvg: "Download QR code (SVG)",
    downloadPoster: "Download poster (PDF)",
    printPoster: "Print poster",
    downloadFailed: "The QR code could not be saved",
    printFailed: "The poster could not be printed",
    qrFileName: "lifetag-collection-link-qr",
    posterFileName: "lifetag-collection-link-poster.pdf",
    copy: "Copy link",
    copied: "Link copied",
    copyFailed: "Could not copy: select the link and copy it by hand.",
    qrAlt: "QR code of the collection link",
    done: "Done",
    none: "No collection links yet.",
    columns: {
      form: "Form",
      project: "Project",
      created: "Created",
      expires: "Expires",
      submissions: "Sent",
      last: "Last sent",
      status: "Status",
    },
    never: "Never",
    status: { active: "Active", expired: "Expired", revoked: "Revoked" } as Record<string, string>,
    // An unexpired link's status while the organisation cannot take its forms.
    pausedStatus: "Paused",
    planFullStatus: "Paused: the plan is full",
    revoke: "Revoke",
    // A link's address is kept only as a fingerprint, so a lost one is
    // replaced: a new link with the same form, project and number field.
    replace: "Replace",
    replaceLabel: (form: string, project: string) => `Replace the link for ${form}, ${project}`,
    replaceTitle: "Replace collection link",
    replaceIntro:
      "A new link for the same form and project, with its own QR code. The old link stops working once the new one is made: take down its posters.",
    replaced: "The old link was revoked.",
    replaceRevokeFailed:
      "The new link was made, but the old one could not be revoked: revoke it from the list.",
    revokeTitle: "Revoke this link?",
    revokeDescription:
      "Workers will no longer be able to send details through it. The QR codes it already made stay in your library.",
    revoked: "Collection link revoked",
    failed: "Collection link update failed",
    loadChoicesFailed: "Unable to load your templates and projects.",
    // Said before the officer opens the dialog; the server refuses such a link (409).
    cannotCreateTitle: "New collection links are paused",
    planFull: (used: number, max: number) =>
      `Your plan is full: ${used} of ${max} QR codes used. Each form a worker sends becomes a QR code, so your links take no forms now (workers opening one are told why) and a new link can be made once there is room. Delete unused codes or upgrade your plan.`,
    openLibrary: "Open the QR code library",
    upgrade: "Upgrade your plan",
  },
  update: {
    button: "Send update link",
    title: "Send an update link",
    description:
      "The worker gets a link to correct their own details, once, within 72 hours. Leave the e-mail blank to copy the link yourself.",
    email: "Worker's e-mail (optional)",
    send: "Create link",
    sending: "Creating…",
    sent: "Update link sent",
    created: "Update link created",
    failed: "Update link not created",
  },
  worker: {
    loading: "Loading your form…",
    intro: (org: string) => `${org} asks you for your emergency details.`,
    consentLabel: "I agree to share these details as described above.",
    send: "Send my details",
    sending: "Sending…",
    thanksTitle: "Thank you",
    thanks: (org: string) => `Thank you — your details were sent to ${org}.`,
    thanksHint: "You can close this page.",
    // An update link: a worker whose details have not changed says so in
    // one tap, without the form (the server dates the review).
    stillRightIntro: "Are the details below still right? Then you need not send the form again.",
    stillRight: "My details are still right",
    confirming: "Confirming…",
    // A worker who already has a code: the server's message says what happens next.
    returningTitle: "You already have a Lifetag code",
    goneTitle: "This link cannot be used",
    closedTitle: "This form is closed for now",
    loadFailed: "Your form could not be opened",
    unavailable: "This form could not be loaded. Please check your connection and try again.",
  },
};
