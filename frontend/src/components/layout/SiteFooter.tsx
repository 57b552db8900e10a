import { Link } from "react-router";
import { paths } from "@/app/paths";
import { brand } from "@/lib/copy";
import { layoutCopy } from "./copy";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>
          <strong>{brand.name}</strong> · {layoutCopy.footerTagline}
        </p>
        <nav aria-label={layoutCopy.footerNav}>
          <Link to={paths.privacy}>{layoutCopy.footerPrivacy}</Link>
          <Link to={paths.referrals}>{layoutCopy.footerReferrals}</Link>
        </nav>
      </div>
    </footer>
  );
}
