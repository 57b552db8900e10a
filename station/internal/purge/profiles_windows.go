package purge

import (
	"fmt"

	"golang.org/x/sys/windows/registry"
)

// profileList is where Windows lists every user profile of the machine
// (by SID), with its folder: profiles need not be under C:\Users.
const profileList = `SOFTWARE\Microsoft\Windows NT\CurrentVersion\ProfileList`

// SystemProfiles are the folders of every user profile on this machine.
func SystemProfiles() ([]string, error) {
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, profileList, registry.ENUMERATE_SUB_KEYS)
	if err != nil {
		return nil, fmt.Errorf("purge: HKLM\\%s: %w", profileList, err)
	}
	defer k.Close()
	sids, err := k.ReadSubKeyNames(0)
	if err != nil {
		return nil, fmt.Errorf("purge: HKLM\\%s: %w", profileList, err)
	}
	var out []string
	for _, sid := range sids {
		s, err := registry.OpenKey(k, sid, registry.QUERY_VALUE)
		if err != nil {
			continue
		}
		path, _, err := s.GetStringValue("ProfileImagePath")
		s.Close()
		if err != nil || path == "" {
			continue
		}
		if expanded, err := registry.ExpandString(path); err == nil {
			path = expanded
		}
		out = append(out, path)
	}
	return out, nil
}
