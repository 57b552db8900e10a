package printing

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// CUPS prints through the CUPS command-line tools (Linux, macOS).
type CUPS struct {
	// Server is the CUPS server (a socket path or host:port) for -h;
	// "" uses the system's (CUPS_SERVER or the default).
	Server string
}

func (c CUPS) args(args ...string) []string {
	if c.Server != "" {
		return append([]string{"-h", c.Server}, args...)
	}
	return args
}

func (c CUPS) run(ctx context.Context, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, c.args(args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// CUPS's tools translate their messages; the parsing below needs English.
	cmd.Env = append(cmd.Environ(), "LC_ALL=C", "LANG=C")
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if errors.Is(err, exec.ErrNotFound) {
			return nil, fmt.Errorf("printing: %s is not installed (CUPS)", name)
		}
		if msg == "" {
			msg = err.Error()
		}
		return out, fmt.Errorf("printing: %s: %s", name, msg)
	}
	return out, nil
}

// Printers lists the CUPS destinations and the default one. A system with
// no printers is an empty list, not an error.
func (c CUPS) Printers(ctx context.Context) ([]Printer, error) {
	out, err := c.run(ctx, "lpstat", "-e")
	if err != nil {
		if strings.Contains(err.Error(), "No destinations added") {
			return nil, nil
		}
		return nil, err
	}
	def, _ := c.run(ctx, "lpstat", "-d") // "system default destination: NAME" or "no system default destination"
	defName := ""
	if _, name, ok := strings.Cut(strings.TrimSpace(string(def)), "system default destination: "); ok {
		defName = name
	}
	var printers []Printer
	s := bufio.NewScanner(bytes.NewReader(out))
	for s.Scan() {
		name := strings.TrimSpace(s.Text())
		if name != "" {
			printers = append(printers, Printer{Name: name, Default: name == defName})
		}
	}
	return printers, nil
}

// cupsName is what CUPS accepts as a destination name.
var cupsName = regexp.MustCompile(`^[^\s/#\\'"]{1,127}$`)

// mediaOf is CUPS's media name of a paper.
var mediaOf = map[string]string{"A4": "A4", "Letter": "Letter"}

// jobID reads "request id is PDF-12 (1 file(s))".
var jobID = regexp.MustCompile(`request id is (\S+)`)

// Submit spools the PDF with lp. print-scaling=none (CUPS 2.2+) keeps the
// page at 100 %; fit-to-page=false does the same for older filters.
func (c CUPS) Submit(ctx context.Context, path string, job Job) (string, error) {
	if !cupsName.MatchString(job.Printer) {
		return "", fmt.Errorf("%q is not a printer name", job.Printer)
	}
	args := []string{"-d", job.Printer, "-n", strconv.Itoa(max(job.Copies, 1)),
		"-o", "print-scaling=none", "-o", "fit-to-page=false"}
	if m, ok := mediaOf[job.Paper]; ok {
		args = append(args, "-o", "media="+m)
	}
	if job.Title != "" {
		args = append(args, "-t", job.Title)
	}
	// "--" ends the options: the file name is never read as one.
	args = append(args, "--", path)
	out, err := c.run(ctx, "lp", args...)
	if err != nil {
		return "", err
	}
	m := jobID.FindSubmatch(out)
	if m == nil {
		return "", fmt.Errorf("printing: lp did not say which job it made: %s", bytes.TrimSpace(out))
	}
	return string(m[1]), nil
}

// Cancel cancels a job by its id.
func (c CUPS) Cancel(ctx context.Context, jobID string) error {
	_, err := c.run(ctx, "cancel", jobID)
	return err
}
