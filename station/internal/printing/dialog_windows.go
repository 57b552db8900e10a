//go:build windows

package printing

import "context"

// openWithDesktop runs the PDF application's Print verb, which shows its
// print dialog (UNVERIFIED: not run on Windows).
func openWithDesktop(ctx context.Context, path string) error {
	_, err := powershell(ctx, `Start-Process -FilePath $args[0] -Verb Print`, path)
	return err
}
