// Every line the station's own screens show (the shared features bring theirs).
export const stationCopy = {
  title: "Lifetag Station",
  loading: "Loading...",
  cloud: {
    title: "Connect to the Lifetag cloud",
    intro:
      "Enter the address of the Lifetag cloud this station prints for. IT may have set it already.",
    label: "Cloud address",
    save: "Connect",
    saving: "Connecting...",
    change: "Change cloud",
  },
  signIn: {
    title: "Sign in to the print station",
    door: "I am a",
    admin: "Fulfilment admin",
    corporate: "Corporate user",
    email: "Email",
    password: "Password",
    submit: "Sign In",
    submitting: "Signing in...",
    missing: "Enter your email and password.",
    cloudIs: (url: string) => `Cloud: ${url}`,
  },
  modes: {
    label: "Mode",
    fulfilment: "Fulfilment",
    batch: "Batch",
    fulfilmentOnlyAdmins: "Fulfilment is for fulfilment admins.",
    batchOnlyCorporate: "Batch printing is for corporate users.",
  },
  banner: {
    online: (url: string) => `Online: ${url}`,
    pending: (n: number) => `${n} change${n === 1 ? "" : "s"} waiting to be sent.`,
    lastSynced: (time: string) => `Last synced ${time}.`,
    offlineSince: (time: string) =>
      `Offline since ${time}. Printing keeps working; changes are sent when the cloud answers again.`,
  },
  settings: {
    open: "Settings",
    title: "Station settings",
    printer: "Print labels to",
    savePdf: "Save PDF",
    noPrinters: "No printers are installed; labels are saved as PDF files.",
    cloud: "Cloud",
    version: (v: string, os: string) => `Version ${v} (${os})`,
    close: "Close",
    saved: "Printer saved",
  },
  signOut: "Sign Out",
  failed: "Something went wrong",
};
