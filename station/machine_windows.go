package main

import "golang.org/x/sys/windows/registry"

// registryCloudURL is HKLM\SOFTWARE\Lifetag\Station\CloudUrl, which the MSI
// (CLOUDURL property) and the NSIS installer (/CLOUDURL=) write; "" if unset.
func registryCloudURL() string {
	k, err := registry.OpenKey(registry.LOCAL_MACHINE, `SOFTWARE\Lifetag\Station`, registry.QUERY_VALUE)
	if err != nil {
		return ""
	}
	defer k.Close()
	v, _, err := k.GetStringValue("CloudUrl")
	if err != nil {
		return ""
	}
	return v
}
