package settings

import (
	"errors"
	"strconv"
	"strings"

	"golang.org/x/sys/windows/registry"
)

// MachineRegistry reads HKLM\SOFTWARE\Lifetag\Station (the installers'
// CloudUrl, and what Group Policy sets); an absent key is no policy.
func MachineRegistry() (RegistryValues, error) {
	out := RegistryValues{Values: map[string]string{}, Calibrations: map[string]string{}}
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, RegistryKey, registry.QUERY_VALUE|registry.ENUMERATE_SUB_KEYS)
	if errors.Is(err, registry.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	defer k.Close()
	if err := readValues(k, out.Values); err != nil {
		return out, err
	}
	c, err := registry.OpenKey(k, RegCalibrations, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	defer c.Close()
	return out, readValues(c, out.Calibrations)
}

// readValues reads every value of k as a string.
func readValues(k registry.Key, into map[string]string) error {
	names, err := k.ReadValueNames(0)
	if err != nil {
		return err
	}
	for _, name := range names {
		if s, _, err := k.GetStringValue(name); err == nil {
			into[name] = s
		} else if n, _, err := k.GetIntegerValue(name); err == nil {
			into[name] = strconv.FormatUint(n, 10)
		} else if list, _, err := k.GetStringsValue(name); err == nil {
			into[name] = strings.Join(list, ",")
		}
	}
	return nil
}
