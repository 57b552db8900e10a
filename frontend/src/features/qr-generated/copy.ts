// Copy of /qr-generated (individual-side spec §2).
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
};
