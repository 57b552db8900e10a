//go:build !windows

package printing

import (
	"context"
	"fmt"
	"os/exec"
)

func openWithDesktop(ctx context.Context, path string) error {
	if out, err := exec.CommandContext(ctx, desktopOpener(), path).CombinedOutput(); err != nil {
		return fmt.Errorf("printing: no application opened the PDF: %v %s", err, out)
	}
	return nil
}
