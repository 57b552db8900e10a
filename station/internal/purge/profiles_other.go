//go:build !windows

package purge

import "errors"

// SystemProfiles: the purge is the Windows uninstallers'; elsewhere the
// package manager's purge (apt purge) and each user remove their own files.
func SystemProfiles() ([]string, error) {
	return nil, errors.New("purge: --purge-all-users is for the Windows uninstallers")
}
