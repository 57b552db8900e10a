// Copy of /qr-generated (docs/design/individual.md §2).
import { prices } from "@/lib/copy";

export const qrPageCopy = {
  titleReady: "Your emergency QR code is ready",
  titleSample: "Your QR code preview",
  introReady: "Print it on label sheets, or order ready-printed waterproof labels.",
  introSample: `This is a sample. Unlock your own code and unlimited printing for ${prices.print}, once.`,
  signInToSee: "You have print access: sign in to see your real code.",
  signIn: "Sign In",
  viewContent: "View QR Code Content",
  qrAlt: "Your emergency QR code",
  sampleAlt: "Blurred sample QR code",
  unlock: `Unlock Printing - ${prices.print}`,
  unlockDetail: "One-time payment · lifetime, unlimited printing · no subscription",
  physical: `Order Physical Labels - ${prices.physical}`,
  physicalDetail: "Ready-printed waterproof labels, including postage and packing, UK delivery.",
  physicalCustom: "Physical labels come in the helmet, gear and wallet sizes only.",
  printPreview: "Print Preview",
  print: "Print Labels",
  startOver: "Start Over",
  tipsTitle: "Safety tips",
  tips: [
    "Put one label where a responder looks first: the back or side of your helmet.",
    "Keep a wallet card with your ID and another on your bag or gear.",
    "Update and reprint your labels when your medication or contacts change.",
    "Tell your emergency contacts that they are listed.",
    "Test the code with your own phone's camera before you ride.",
  ],
  promoTitle: "Earn rewards for sharing",
  promoBody: `Get ${prices.referralRewardText} for every friend who buys with your referral code.`,
  promoLink: "Open your Referral Dashboard",
  optionsTitle: "Label and print options",
  lockScreen: {
    title: "Save for lock screen",
    body: "Paramedics check a locked phone's lock screen first. Save this picture and set it as your lock-screen wallpaper: your code, name, blood type and first emergency number, clear of the clock.",
    save: { iphone: "Save for iPhone", android: "Save for Android" },
    locked:
      "Please complete your purchase to save your real emergency information for your lock screen.",
    failed: "Save Failed",
    recordNotSaved:
      "Your latest details could not be saved to your account, so no picture was made (it would have shown older details). Check your connection and try again.",
    tryAgain: "Please try again in a moment.",
    retry: "Try again",
  },
};
