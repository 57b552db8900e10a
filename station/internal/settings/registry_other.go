//go:build !windows

package settings

// MachineRegistry: only Windows has a registry; elsewhere the file decides.
func MachineRegistry() (RegistryValues, error) { return RegistryValues{}, nil }
