package service

// The texts of the mails the corporate side sends (welcome, invitation,
// removal, trial), in one place because registration, the trial, the team and the
// setup links share them, and the helpers that pick and fill them.

import (
	"fmt"
	"strings"

	"github.com/lifetag/lifetag/cloud"
)

// Mail texts hold a link and nothing personal: an invitation names the
// organisation and who invited, so the invitee knows what it is for.
const (
	paidWelcomeMailText = `Welcome to Lifetag for organisations.

Your organisation's account is ready. To choose your password, open this
link within 24 hours:

%s

Stripe e-mails the receipt of each payment. If you did not expect this
message, ignore it.
`
	// inviteExistingMailText: the inviting organisation's name (quoted)
	// and the site's address.
	inviteExistingMailText = `You have been invited to be an admin of an organisation on Lifetag.

The invitation comes from the organisation named %s.

This address already has a Lifetag account, and an account belongs to one
person or one organisation only, so nothing has changed. If you already
are an admin of that organisation, sign in at %s/corporate-login.
Otherwise, ask whoever invited you to invite another of your addresses.

If you did not expect this message, ignore it.
`
	trialWelcomeMailText = `Welcome to Lifetag for organisations.

Your organisation's free trial has started; nothing has been charged. To
choose your password, open this link within 24 hours:

%s

If you did not expect this message, ignore it.
`
	// inviteMailText: the inviter's address and the organisation's name,
	// each quoted, after our own first line.
	inviteMailText = `You have been added as an admin of an organisation on Lifetag.

The invitation comes from %s, for the organisation named %s.

To choose your password, open this link within 24 hours:

%%s

If you did not expect this message, ignore it.
`
	// memberRemovedMailText: the organisation's name, quoted.
	memberRemovedMailText = `Your Lifetag account has been deleted by the organisation that added you.

The organisation named %s removed you from its team, so you can
no longer sign in with this address. The QR codes you made stay with the
organisation.

If you think this is a mistake, ask the organisation's owner.
`
	trialMailText = `Someone, we hope you, asked for a free trial of Lifetag for
organisations with this address.

To confirm the address, start the trial and choose your password, open
this link within 24 hours:

%s

Until then nothing has been created. If you did not ask for it, ignore
this message.
`
	trialEndingMailText = `Your organisation's Lifetag trial ends in 3 days.

To keep your QR codes and printing, choose a plan from your dashboard:

%s
`
)

// welcomeMailText is an owner's setup mail: a trial's says nothing of
// payments, as none was made.
func welcomeMailText(org *cloud.Organization) string {
	if org.StripeCustomerID == "" {
		return trialWelcomeMailText
	}
	return paidWelcomeMailText
}

// inviteText is an admin's setup mail, naming who invited them and where.
// The names are the customer's own text, so a % in them is escaped before
// the link is filled in.
func inviteText(inviter *cloud.User, org *cloud.Organization) string {
	escape := func(s string) string { return strings.ReplaceAll(s, "%", "%%") }
	return fmt.Sprintf(inviteMailText, escape(quoted(inviter.Email)), escape(quoted(org.Name)))
}
