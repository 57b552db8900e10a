//go:build !windows

package printing

// System is this OS's spooler: CUPS.
func System() Spooler { return CUPS{} }
