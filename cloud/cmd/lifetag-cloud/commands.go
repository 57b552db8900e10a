package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/pkg/version"
)

// The binary's commands. Flags and commands only choose what to do; every
// setting still comes from the environment (config.go).
const (
	commandServe   = "serve"
	commandMigrate = "migrate"
	commandBackup  = "backup"
	// commandVersion and commandHelp are the --version and --help flags.
	commandVersion = "version"
	commandHelp    = "help"
)

// usage is the whole help (--help); shortUsage follows a refused command
// line on stderr.
const (
	usage = `Usage: lifetag-cloud [command]

Commands:
  serve          serve the site and API (the default)
  migrate        apply the database's pending migrations, then exit
  backup PATH    copy the SQLite database, while the cloud runs, to the new
                 file PATH (PostgreSQL: pg_dump, docs/operating.md, "Backups")

Flags:
  --version      print the version and exit
  --help         print this help and exit

Settings come from the environment, as docs/operating.md, "Settings", lists them
(DATA_DIR, DATABASE_URL, PORT, ...).
`
	shortUsage = "Usage: lifetag-cloud [serve | migrate | backup PATH] [--version] [--help]\n"
)

// command is what the command line asks for.
type command struct {
	name string
	path string // backup's PATH
}

// errUsage is a command line the binary does not take; its text says why.
type errUsage struct{ reason string }

func (e errUsage) Error() string { return e.reason }

// parseCommandLine reads the arguments (without the program's name). It
// never looks at the environment or the disk, so --version and --help work
// whatever the settings, and a mistyped command starts nothing.
func parseCommandLine(args []string) (command, error) {
	flags := flag.NewFlagSet("lifetag-cloud", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // the caller prints the error and the usage
	showVersion := flags.Bool("version", false, "")
	if err := flags.Parse(args); err != nil {
		return command{}, helpOr(err)
	}
	if *showVersion {
		return command{name: commandVersion}, nil
	}
	args = flags.Args()
	if len(args) == 0 {
		return command{name: commandServe}, nil
	}
	name := args[0]
	operands, err := commandOperands(name, args[1:])
	if err != nil {
		return command{}, err
	}
	switch name {
	case commandServe, commandMigrate:
		if len(operands) > 0 {
			return command{}, errUsage{fmt.Sprintf("%s takes no arguments, not %q", name, operands[0])}
		}
		return command{name: name}, nil
	case commandBackup:
		if len(operands) != 1 || operands[0] == "" {
			return command{}, errUsage{"backup takes one argument: the new file to write the backup to"}
		}
		return command{name: name, path: operands[0]}, nil
	}
	return command{}, errUsage{fmt.Sprintf("unknown command %q", name)}
}

// commandOperands reads what follows a command: it takes --help (and -h)
// as the binary does, no other flag, and returns the operands.
func commandOperands(name string, args []string) ([]string, error) {
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	if err := flags.Parse(args); err != nil {
		return nil, helpOr(err)
	}
	return flags.Args(), nil
}

// helpOr turns flag's errors into ours: -h, -help and --help ask for the
// help, any other flag is refused.
func helpOr(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return errHelp
	}
	return errUsage{err.Error()}
}

// errHelp asks for the help text.
var errHelp = errors.New(commandHelp)

// exitUsage is the exit status of a refused command line (as flag's own).
const exitUsage = 2

// versionLine is what --version prints.
func versionLine() string {
	line := "lifetag-cloud " + version.String()
	if commit != "" {
		line += " (commit " + commit + ")"
	}
	return line
}

// migrate applies the pending migrations of the configured database and
// exits: an operator can migrate before starting new instances. The cloud
// also migrates at start, so this is never required.
func migrate(ctx context.Context, config Config, logger *slog.Logger) error {
	store, err := openStore(ctx, config, logger)
	if err != nil {
		return err
	}
	store.Close()
	logger.Info("the database's migrations are all applied")
	return nil
}

// backup copies the SQLite database in DATA_DIR to path while a cloud may
// be serving from it. PostgreSQL has its own tools (docs/operating.md, Backups).
func backup(ctx context.Context, config Config, path string, logger *slog.Logger) error {
	if config.DatabaseURL != "" {
		return errors.New("backup copies the embedded SQLite database; with DATABASE_URL set, back up PostgreSQL with pg_dump (docs/operating.md, Backups)")
	}
	start := time.Now()
	if err := sqldb.BackupSQLite(ctx, config.DataDir, path); err != nil {
		return err
	}
	size := int64(-1)
	if info, err := os.Stat(path); err == nil {
		size = info.Size()
	}
	logger.Info("backup written", slog.String("file", path), slog.String("from", filepath.Join(config.DataDir, sqldb.SQLiteFileName)),
		slog.Int64("bytes", size), slog.Duration("took", time.Since(start)))
	return nil
}
