import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { logout } from "@/lib/auth";
import { accountMenu } from "@/lib/copy";
import { layoutCopy } from "./copy";

/**
 * Signed-in users only (docs/design/individual.md §2); the e-mail shows on wider screens. The
 * button's name is its text ("Account menu: jane@…"), so the name a
 * voice-control user reads off the screen is in it (WCAG 2.5.3); on phones the
 * e-mail is hidden from sight only.
 */
export function AccountMenu(props: { email: string }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="account-trigger">
        <span className="avatar" aria-hidden="true">
          {props.email.slice(0, 1).toUpperCase()}
        </span>
        <span className="visually-hidden">{layoutCopy.accountMenuLabel}: </span>
        <span className="account-email">{props.email}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">{accountMenu.heading}</DropdownMenu.Label>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.dashboard)}>
            {layoutCopy.dashboard}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.referrals)}>
            {accountMenu.referrals}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.privacy)}>
            {accountMenu.privacy}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate(paths.accountSecurity)}>
            {accountMenu.security}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item
            className="menu-item"
            onSelect={async () => {
              await logout();
              navigate(paths.home);
            }}
          >
            {accountMenu.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
