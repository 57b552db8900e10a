package service

// An organisation's team: its members and pending invitations, and the
// owner's invite, resend and remove, within the plan's number of accounts.

import (
	"context"
	"fmt"
	"time"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/plans"
)

// Role names shown for team members (docs/design/admin-corporate.md §3).
const (
	RoleOwnerName = "Organization Administrator"
	RoleAdminName = "Admin"
	// RoleMemberName: made by their first single sign-on.
	RoleMemberName = "Standard member"
)

func roleName(userType string) string {
	switch userType {
	case cloud.UserTypeCorporateOwner:
		return RoleOwnerName
	case cloud.UserTypeCorporateAdmin:
		return RoleAdminName
	case cloud.UserTypeCorporateMember:
		return RoleMemberName
	}
	return ""
}

func (s *Service) Team(ctx context.Context, actor *cloud.User, orgID int64) (*api.CorporateTeam, error) {
	org, err := s.organizationFor(ctx, actor, orgID, false)
	if err != nil {
		return nil, err
	}
	members, err := s.store.ListMembers(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	invitations, err := s.store.ListInvitations(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	invited, joined := map[string]bool{}, map[string]bool{}
	for _, inv := range invitations {
		invited[inv.Email] = true
	}
	team := &api.CorporateTeam{Members: []api.CorporateTeamMember{}, MaxMembers: plans.All.MaxAdminAccounts, Permissions: permissionsOf(actor, org.ID)}
	for _, m := range members {
		if m.PasswordHash != "" {
			joined[m.Email] = true
		} else if m.UserType == cloud.UserTypeCorporateAdmin && invited[m.Email] {
			continue // listed as its invitation, below, as every invitee is
		}
		team.Members = append(team.Members, api.CorporateTeamMember{ID: m.ID, Email: m.Email, UserType: m.UserType,
			Role: roleName(m.UserType), PasswordSet: m.PasswordHash != "", CreatedAt: m.CreatedAt,
			CanResend: team.Permissions.ManageTeam && resendable(m) == nil,
			CanRemove: team.Permissions.ManageTeam && removable(m) == nil})
	}
	// Pending invitations, alike whether or not the address has an account
	// (docs/security.md), by their own ids made negative, which the
	// resend and remove routes take.
	for _, inv := range invitations {
		if joined[inv.Email] {
			continue
		}
		team.Members = append(team.Members, api.CorporateTeamMember{ID: -inv.ID, Email: inv.Email, UserType: cloud.UserTypeCorporateAdmin,
			Role: roleName(cloud.UserTypeCorporateAdmin), CreatedAt: inv.CreatedAt,
			CanResend: team.Permissions.ManageTeam, CanRemove: team.Permissions.ManageTeam})
	}
	return team, nil
}

// InviteMember adds an admin (the owner only) and mails them a setup link.
// The limit of 3 accounts, owner included, is checked with the
// organisation's row locked, so two invitations at once cannot pass it.
// The answer is the same whether or not the address already has an account
// (which cannot join: an account belongs to one person or organisation);
// that person is mailed what happened instead, so an owner cannot use the
// form to learn who has an account.
func (s *Service) InviteMember(ctx context.Context, actor *cloud.User, orgID int64, email string) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return err // it mails
	}
	email = cloud.NormalizeEmail(email)
	if !cloud.ValidEmail(email) {
		return cloud.NewError(cloud.EINVALID, cloud.MsgValidEmailRequired)
	}
	if err := s.allowMail(ctx, org.ID, actor, email); err != nil {
		return err
	}
	now := s.now()
	return s.store.InTx(ctx, func(ctx context.Context) error {
		return s.inviteMember(ctx, actor, org, email, now)
	})
}

// inviteMember adds the invitation and queues its mail, in the caller's
// transaction.
func (s *Service) inviteMember(ctx context.Context, actor *cloud.User, org *cloud.Organization, email string, now time.Time) error {
	var member *cloud.User // stays nil when the address has an account
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		if _, err := tx.LockOrganization(org.ID); err != nil {
			return err
		}
		n, err := tx.CountMembers(org.ID)
		if err != nil {
			return err
		}
		if n >= plans.All.MaxAdminAccounts {
			return cloud.NewError(cloud.ECONFLICT, cloud.MsgTeamFull)
		}
		taken, err := tx.EmailTaken(email)
		if err != nil {
			return err
		}
		if !taken {
			if member, err = tx.CreateMember(org.ID, email, cloud.UserTypeCorporateAdmin, now); err != nil {
				return err
			}
		}
		// Recorded for every address, so the team list and its seats are
		// the same whether or not it has an account.
		if err := tx.AddInvitation(org.ID, email, now); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityMemberInvited,
			Detail: email, CreatedAt: now})
	})
	if err != nil {
		return err
	}
	if member == nil {
		return s.sendMail(ctx, mailCause("invite-existing", org.ID, newCauseID()), cloud.Mail{To: email,
			Subject: cloud.MsgInviteExistingMailSubject, Text: fmt.Sprintf(inviteExistingMailText, quoted(org.Name), s.baseURL)})
	}
	return s.mailCorporateSetup(ctx, member, inviteText(actor, org))
}

// ResendInvite mails a member who has no password yet a fresh link; a
// negative userID is a pending invitation's (Team).
func (s *Service) ResendInvite(ctx context.Context, actor *cloud.User, orgID, userID int64) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	if err := s.mayCreate(ctx, org); err != nil {
		return err // it mails
	}
	if userID < 0 {
		return s.resendInvitation(ctx, actor, org, -userID)
	}
	var member *cloud.User
	err = s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		var err error
		if member, err = s.findMember(tx, org.ID, userID); err != nil {
			return err
		}
		if err := resendable(member); err != nil {
			return err
		}
		if err := s.allowMail(ctx, org.ID, actor, member.Email); err != nil {
			return err
		}
		return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityInviteResent,
			Detail: member.Email, CreatedAt: s.now()})
	})
	if err != nil {
		return err
	}
	text := inviteText(actor, org)
	if member.UserType == cloud.UserTypeCorporateOwner {
		text = welcomeMailText(org)
	}
	return s.mailCorporateSetup(ctx, member, text)
}

// RemoveMember deletes an admin's account (the owner cannot be removed) and,
// if they had joined, mails them that it went; a negative userID is a
// pending invitation's (Team), which goes with the password-less member row
// a new address has, and mails nobody.
func (s *Service) RemoveMember(ctx context.Context, actor *cloud.User, orgID, userID int64) error {
	org, err := s.ownerOf(ctx, actor, orgID)
	if err != nil {
		return err
	}
	if userID < 0 {
		inv, err := s.findInvitation(ctx, org.ID, -userID)
		if err != nil {
			return err
		}
		invitee, err := s.store.FindUserByEmail(ctx, inv.Email)
		if cloud.ErrorCode(err) == cloud.ENOTFOUND || (err == nil && invitee.OrganizationID != org.ID) {
			// No member row (an address with an account elsewhere): the
			// invitation alone goes.
			return s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
				if err := tx.DeleteInvitation(org.ID, inv.Email); err != nil {
					return err
				}
				return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityMemberRemoved,
					Detail: inv.Email, CreatedAt: s.now()})
			})
		} else if err != nil {
			return err
		}
		userID = invitee.ID // its member row, and with it the invitation (the store's deleteAccount)
	}
	var member *cloud.User
	// The mail commits with the change, or neither does.
	return s.store.InTx(ctx, func(ctx context.Context) error {
		err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			var err error
			if member, err = s.findMember(tx, org.ID, userID); err != nil {
				return err
			}
			if err := removable(member); err != nil {
				return err
			}
			// Someone who had joined is told their account went (counted
			// like an invitation's mail); a password-less row never signed in.
			if member.PasswordHash != "" {
				if err := s.allowMail(ctx, org.ID, actor, member.Email); err != nil {
					return err
				}
			}
			if err := tx.DeleteMember(org.ID, member.ID); err != nil {
				return err
			}
			return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityMemberRemoved,
				Detail: member.Email, CreatedAt: s.now()})
		})
		if err != nil {
			return err
		}
		if member.PasswordHash != "" {
			return s.sendMail(ctx, mailCause("member-removed", org.ID, member.ID), cloud.Mail{To: member.Email,
				Subject: cloud.MsgMemberRemovedMailSubject, Text: fmt.Sprintf(memberRemovedMailText, quoted(org.Name))})
		}
		return nil
	})
}

func (s *Service) findInvitation(ctx context.Context, orgID, id int64) (*cloud.Invitation, error) {
	var inv *cloud.Invitation
	err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		var err error
		inv, err = tx.FindInvitation(orgID, id)
		return err
	})
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgMemberNotFound)
	}
	return inv, err
}

// resendInvitation mails a pending invitation again, as InviteMember
// mailed it: a new address a fresh setup link, one with an account
// elsewhere what happened (an address whose account went since gets its
// member row now).
func (s *Service) resendInvitation(ctx context.Context, actor *cloud.User, org *cloud.Organization, id int64) error {
	inv, err := s.findInvitation(ctx, org.ID, id)
	if err != nil {
		return err
	}
	account, err := s.store.FindUserByEmail(ctx, inv.Email)
	switch {
	case cloud.ErrorCode(err) == cloud.ENOTFOUND:
		account = nil
	case err != nil:
		return err
	case account.OrganizationID == org.ID:
		if err := resendable(account); err != nil {
			return err // joined since the list was read
		}
	}
	if err := s.allowMail(ctx, org.ID, actor, inv.Email); err != nil {
		return err
	}
	now := s.now()
	// The mail commits with the change, or neither does.
	return s.store.InTx(ctx, func(ctx context.Context) error {
		err := s.store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
			if account == nil {
				if account, err = tx.CreateMember(org.ID, inv.Email, cloud.UserTypeCorporateAdmin, now); err != nil {
					return err
				}
			}
			return tx.AddActivity(&cloud.Activity{OrganizationID: org.ID, Kind: cloud.ActivityInviteResent,
				Detail: inv.Email, CreatedAt: now})
		})
		if err != nil {
			return err
		}
		if account.OrganizationID != org.ID {
			return s.sendMail(ctx, mailCause("invite-existing", org.ID, newCauseID()), cloud.Mail{To: inv.Email,
				Subject: cloud.MsgInviteExistingMailSubject, Text: fmt.Sprintf(inviteExistingMailText, quoted(org.Name), s.baseURL)})
		}
		return s.mailCorporateSetup(ctx, account, inviteText(actor, org))
	})
}

// resendable: only a member who has not set a password gets a new link.
func resendable(member *cloud.User) error {
	// A Standard member signs in through the provider and never gets a
	// password link.
	if member.PasswordHash != "" || member.UserType == cloud.UserTypeCorporateMember {
		return cloud.NewError(cloud.ECONFLICT, cloud.MsgMemberHasPassword)
	}
	return nil
}

// removable: the owner cannot be removed.
func removable(member *cloud.User) error {
	if member.UserType == cloud.UserTypeCorporateOwner {
		return cloud.NewError(cloud.EFORBIDDEN, cloud.MsgOwnerCannotBeRemoved)
	}
	return nil
}

func (s *Service) findMember(tx cloud.CorporateTx, orgID, userID int64) (*cloud.User, error) {
	member, err := tx.FindMember(orgID, userID)
	if cloud.ErrorCode(err) == cloud.ENOTFOUND {
		return nil, cloud.NewError(cloud.ENOTFOUND, cloud.MsgMemberNotFound)
	}
	return member, err
}
