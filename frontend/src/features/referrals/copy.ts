// Copy of /referrals (docs/design/individual.md §2, §5, §8).
import { prices } from "@/lib/copy";

export const referralsCopy = {
  title: "Referral Dashboard",
  intro: `Share your code. You earn ${prices.referralRewardText} for every purchase made with it.`,
  generate: "Generate My Referral Code",
  generating: "Generating…",
  noCode: "You do not have a referral code yet.",
  yourCode: "Your referral code",
  shareLink: "Share link",
  copy: "Copy Link",
  copied: "Link copied",
  status: "Status",
  active: "Active",
  ready: "Ready",
  total: "Total referrals",
  rewards: "Rewards earned",
  listTitle: "Your referrals",
  none: "No referrals yet. Share your link to get started.",
  referred: "Referred",
  date: "Date",
  generateFailed: { title: "Error", description: "Failed to generate referral code" },
  fetchFailed: { title: "Error", description: "Failed to fetch referral data" },
  loading: "Loading...",
};
