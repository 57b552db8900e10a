//go:build !windows

package main

// registryCloudURL: only Windows has a registry; elsewhere the file decides.
func registryCloudURL() string { return "" }
