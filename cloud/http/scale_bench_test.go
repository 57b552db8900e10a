package http_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	mathrand "math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lifetag/lifetag/cloud"
	"github.com/lifetag/lifetag/cloud/sqldb"
	"github.com/lifetag/lifetag/cloud/storetest"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/plans"
)

// scaleSize is how much BenchmarkScale seeds and measures.
type scaleSize struct {
	users, organizations, codes int
	// large is the codes of the one large organisation (of codes); sync
	// of them come through the bulk upsert, batch are printed at once.
	large, sync, batch int
	// samples is the requests timed for each p99.
	samples int
}

// scaleFull is ten times today's cloud (scripts/bench/scale.sh, `make
// bench`); scaleQuick the same paths in seconds (make test's single run
// of each benchmark).
var (
	scaleFull  = scaleSize{users: 1_000_000, organizations: 10_000, codes: 1_000_000, large: 50_000, sync: cloud.SyncMaxCodes, batch: 1000, samples: 200}
	scaleQuick = scaleSize{users: 10_000, organizations: 100, codes: 10_000, large: 1_000, sync: 200, batch: 100, samples: 20}
)

// scaleBigRows is how many rows make a table big: a plan reading one whole
// (a Seq Scan) fails the benchmark. A smaller table is read whole by the
// planner's choice, faster than by its index.
const scaleBigRows = 5000

var seqScan = regexp.MustCompile(`Seq Scan on (\w+)`)

// BenchmarkScale (scripts/bench/scale.sh, `make bench`): PostgreSQL seeded
// with 1,000,000 individual users, 10,000 organisations and 1,000,000
// workers' codes (one organisation of 50,000), then the paths that grow
// with them, through HTTP: the admin's user search, the large
// organisation's library (first page, search), its changes feed, a
// re-sync of 2,000 workers and the batch PDF of 1,000 of its codes. Every
// statement those requests run is explained (the plan, not run) and a
// whole read of a big table fails it. LIFETAG_BENCH_SCALE=full is the full
// size and prints the `scale:` lines and plans; unset (make test) it runs
// the small size silently, with the same checks.
func BenchmarkScale(b *testing.B) {
	size, out := scaleQuick, io.Discard
	switch os.Getenv("LIFETAG_BENCH_SCALE") {
	case "full":
		size, out = scaleFull, os.Stdout
	case "quick":
		out = os.Stdout
	}
	rec := &statementRecorder{}
	var dsn string
	backend := storetest.Backend{Name: "postgres", Open: func(t testing.TB) (cloud.Store, storetest.Dumper) {
		dsn = storetest.PostgresSchema(t)
		db, err := sqldb.OpenPostgresObserved(context.Background(), dsn, rec)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db, nil
	}}
	e := newEnv(b, backend, envOptions{})
	ctx := context.Background()
	pg, err := pgx.Connect(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer pg.Close(ctx)

	// The admin, and the large organisation's officer on the largest plan
	// (raised to hold the organisation).
	e.createAdmin("admin@lifetag.test", "admin-password")
	adminToken := e.login("admin@lifetag.test", "admin-password")
	officer := e.createCorporateUser("officer@acme.example", "officer-password")
	org := officer.OrganizationID
	enterprise, _ := plans.Find("enterprise")
	err = e.Store.InCorporateTx(ctx, func(tx cloud.CorporateTx) error {
		o, err := tx.LockOrganization(org)
		if err != nil {
			return err
		}
		o.Plan, o.MaxQRCodes = enterprise.ID, max(enterprise.MaxQRCodes, size.large)
		return tx.UpdateSubscription(o)
	})
	if err != nil {
		b.Fatal(err)
	}
	token := e.corporateLogin("officer@acme.example", "officer-password")

	// The HR system's workers, through the bulk upsert: real sealed records,
	// which the rest of the organisation's seeded codes reuse.
	items := make([]any, size.sync)
	for i := range items {
		values := workerValues(i)
		values["fullName"] = scaleName(mathrand.New(mathrand.NewPCG(uint64(i), 7)))
		items[i] = map[string]any{"externalId": fmt.Sprintf("EMP-%07d", i), "values": values}
	}
	syncBody := map[string]any{"qrCodes": items}
	syncPath := fmt.Sprintf("/api/corporate/%d/qr-codes/bulk-upsert", org)
	start := time.Now()
	if resp := e.do("POST", syncPath, token, syncBody); resp.Status != http.StatusOK || resp.JSON()["created"] != float64(size.sync) {
		b.Fatalf("upsert: %d %.300s", resp.Status, resp.Body)
	}
	firstSync := time.Since(start)

	start = time.Now()
	seedScale(b, pg, size, org)
	seeded := time.Since(start)
	fmt.Fprintf(out, "scale: seeded %d users, %d organisations, %d codes (%d in one) in %.0f s\n",
		size.users, size.organizations, size.codes, size.large, seeded.Seconds())
	printScaleSizes(b, pg, out, size)

	b.ResetTimer()
	for b.Loop() {
		big := bigTables(b, pg)
		var bad []string
		explain := func(path string) {
			bad = append(bad, explainRecorded(b, pg, rec, out, path, big)...)
		}
		p99 := func(label string, paths []string, token string) time.Duration {
			rec.start()
			var times []time.Duration
			for i := range size.samples {
				path := paths[i%len(paths)]
				start := time.Now()
				resp := e.do("GET", path, token, nil)
				times = append(times, time.Since(start))
				if resp.Status != http.StatusOK {
					b.Fatalf("%s %s: %d %.300s", label, path, resp.Status, resp.Body)
				}
			}
			explain(label)
			slices.Sort(times)
			return times[(len(times)*99+99)/100-1]
		}

		// The admin's searches: nothing (the first page), part of an
		// address (many and few matches), a whole address, a referral
		// code, an id, a miss.
		var adminPaths []string
		for _, s := range []string{"", "okafor", "nunez.jose", fmt.Sprintf("rider%d@", size.users/3),
			fmt.Sprintf("R%07d", size.users/10*10), "54321", "nobody-at-all"} {
			adminPaths = append(adminPaths, "/api/admin/users?pageSize=50&search="+url.QueryEscape(s))
		}
		d := p99("admin user search", adminPaths, adminToken)
		fmt.Fprintf(out, "scale: admin search of %d users p99 %.1f ms\n", size.users, ms(d))

		library := fmt.Sprintf("/api/corporate/%d/qr-codes?page=1&pageSize=25", org)
		d = p99("library first page", []string{library}, token)
		fmt.Fprintf(out, "scale: library of %d codes, first page p99 %.1f ms\n", size.large, ms(d))

		// Searches as the library's box gets them: a common surname, a
		// name with accents, a Cyrillic name by its Latin spelling and in
		// its own script, an Arabic name by its consonants, a badge number,
		// a code's id, a miss.
		var searchPaths []string
		for _, s := range []string{"Okafor", "nunez", "petrov", "Петров", "Muhammad", "EMP-00001", "#5", "zzqx"} {
			searchPaths = append(searchPaths, library+"&search="+url.QueryEscape(s))
		}
		d = p99("library search", searchPaths, token)
		fmt.Fprintf(out, "scale: library of %d codes, search p99 %.1f ms\n", size.large, ms(d))

		// The review filters, first page each (the index of review dates).
		d = p99("library review filters", []string{library + "&review=due", library + "&review=overdue"}, token)
		fmt.Fprintf(out, "scale: library of %d codes, review filters p99 %.1f ms\n", size.large, ms(d))

		// The feed's first page, and pages further on by their cursors.
		changes := fmt.Sprintf("/api/corporate/%d/qr-codes/changes", org)
		feedPaths := []string{changes}
		for range 4 {
			resp := e.do("GET", feedPaths[len(feedPaths)-1], token, nil)
			next, _ := resp.JSON()["nextCursor"].(string)
			if resp.Status != http.StatusOK || next == "" {
				b.Fatalf("changes: %d %.300s", resp.Status, resp.Body)
			}
			feedPaths = append(feedPaths, changes+"?cursor="+url.QueryEscape(next))
		}
		d = p99("changes feed page", feedPaths, token)
		fmt.Fprintf(out, "scale: changes feed of %d codes, page p99 %.1f ms\n", size.large, ms(d))

		rec.start()
		start := time.Now()
		resp := e.do("POST", syncPath, token, syncBody)
		resync := time.Since(start)
		if resp.Status != http.StatusOK || resp.JSON()["unchanged"] != float64(size.sync) {
			b.Fatalf("re-sync: %d %.300s", resp.Status, resp.Body)
		}
		explain("re-sync")
		fmt.Fprintf(out, "scale: %d workers upserted in %.2f s, re-sync in %.2f s (0 created), in a library of %d\n",
			size.sync, firstSync.Seconds(), resync.Seconds(), size.large)

		// Codes spread over the whole organisation, the newest first.
		rows, err := pg.Query(ctx, `SELECT id FROM organization_qr_codes WHERE organization_id = $1
			ORDER BY id DESC LIMIT $2`, org, size.batch)
		if err != nil {
			b.Fatal(err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil || len(ids) != size.batch {
			b.Fatalf("batch codes: %d, %v", len(ids), err)
		}
		rec.start()
		start = time.Now()
		resp = e.do("POST", fmt.Sprintf("/api/corporate/%d/batch-print.pdf", org), token,
			batchBody(ids, "preset-helmet-letter", 1, false))
		batch := time.Since(start)
		if resp.Status != http.StatusOK {
			b.Fatalf("batch: %d %.300s", resp.Status, resp.Body)
		}
		explain("batch PDF")
		fmt.Fprintf(out, "scale: batch PDF of %d codes in %.2f s, in a library of %d\n", size.batch, batch.Seconds(), size.large)

		if len(bad) > 0 {
			b.Fatalf("a whole big table read (Seq Scan):\n%s", strings.Join(bad, "\n"))
		}
		fmt.Fprintf(out, "scale: no statement on these paths reads a table of %d rows or more whole (no Seq Scan)\n", scaleBigRows)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Names as a library holds them: mostly Latin with accents, and Cyrillic,
// Greek, Arabic, Hebrew, Devanagari, Chinese, Japanese and Korean ones.
// Common names repeat, as in a real library, but a name is shared by a
// handful of codes, not hundreds (the list's page opens every namesake's
// record to find look-alikes).
var scaleNameScripts = []struct {
	first, last []string
	sep         string
}{
	{[]string{"José", "Zoë", "Łukasz", "Søren", "Ngozi", "Aoife", "François", "Björn", "Chiamaka", "Siobhán", "María", "Jürgen",
		"Emeka", "Ana", "Thabo", "Ayşe", "John", "Mary", "Pedro", "Inês", "Kwame", "Amara", "Oluwaseun", "Hélène", "Matteo",
		"Giulia", "Piotr", "Agnieszka", "Lars", "Ingrid", "Tomás", "Renée"},
		[]string{"Núñez", "Okafor-Smith", "Müller", "Kowalski", "O'Brien", "Ødegaard", "Nguyễn", "da Silva", "Fernández", "Adeyemi",
			"Dubois", "Çelik", "Okafor", "Smith", "García", "Mbeki", "Johnson", "Rossi", "Nowak", "Andersen", "Pereira", "Mensah",
			"Lefèvre", "Schäfer", "Jensen", "Kelly", "Santos", "Öztürk", "Byrne", "Moreau", "Ibrahim", "Van der Berg"}, " "},
	{[]string{"Иван", "Ольга", "Дмитрий", "Наталья", "Сергей", "Анна", "Алексей", "Мария"},
		[]string{"Петров", "Смирнова", "Кузнецов", "Волкова", "Иванов", "Соколова", "Попов", "Лебедева"}, " "},
	{[]string{"Γιώργος", "Ελένη", "Νίκος", "Μαρία", "Κώστας", "Σοφία"}, []string{"Παπαδόπουλος", "Οικονόμου", "Γεωργίου", "Νικολάου", "Δημητρίου", "Ιωάννου"}, " "},
	{[]string{"محمد", "فاطمة", "أحمد", "علي", "مريم", "يوسف", "خالد", "نور"}, []string{"العلي", "حسن", "منصور", "الحسيني", "سليمان", "عبدالله"}, " "},
	{[]string{"דוד", "שרה", "יוסף", "רחל", "משה", "מרים"}, []string{"כהן", "לוי", "מזרחי", "פרץ", "ביטון", "אברהם"}, " "},
	{[]string{"राहुल", "प्रिया", "अमित", "सुनीता", "विजय", "अनीता"}, []string{"शर्मा", "पटेल", "सिंह", "गुप्ता", "कुमार", "वर्मा"}, " "},
	{[]string{"秀英", "伟", "敏", "静", "强", "磊", "军", "洋", "艳", "杰"}, []string{"王", "李", "张", "刘", "陈", "杨", "黄", "赵"}, ""},
	{[]string{"花子", "太郎", "陽菜", "蓮", "結衣", "翔"}, []string{"佐藤", "田中", "鈴木", "高橋", "渡辺", "伊藤"}, " "},
	{[]string{"민준", "서연", "지호", "하은", "도윤", "수아"}, []string{"김", "이", "박", "최", "정", "강"}, ""},
}

// scaleName is a worker's name: seven in ten Latin (with a middle
// initial), the rest in the other scripts with a second given name (the
// family name first where it is written so).
func scaleName(r *mathrand.Rand) string {
	if r.IntN(10) < 7 {
		s := scaleNameScripts[0]
		return fmt.Sprintf("%s %c. %s", s.first[r.IntN(len(s.first))], 'A'+rune(r.IntN(26)), s.last[r.IntN(len(s.last))])
	}
	s := scaleNameScripts[1+r.IntN(len(scaleNameScripts)-1)]
	first, second, last := s.first[r.IntN(len(s.first))], s.first[r.IntN(len(s.first))], s.last[r.IntN(len(s.last))]
	if s.sep == "" {
		return last + first + second
	}
	return first + s.sep + second + s.sep + last
}

// seedScale fills the schema by COPY: the individual users, the other
// organisations, and the codes (the large organisation's up to size.large,
// with the sealed records of its synced codes; the others' records random
// bytes of a real one's length, as sealed records are), names and their
// search columns as the store writes them.
func seedScale(b *testing.B, pg *pgx.Conn, size scaleSize, org int64) {
	ctx := context.Background()
	r := mathrand.New(mathrand.NewPCG(1, 2))
	now := time.Now().UTC()
	copyRows := func(table string, columns []string, n int, row func(i int) []any) {
		b.Helper()
		got, err := pg.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromFunc(func() ([]any, error) {
			if n == 0 {
				return nil, nil
			}
			n--
			return row(n), nil
		}))
		if err != nil {
			b.Fatalf("copy %s: %v (%d rows)", table, err, got)
		}
	}

	// Users: a referral code for every tenth, print access for every
	// third, created a minute apart; addresses from names.
	latin := scaleNameScripts[0]
	copyRows("users", []string{"email", "has_print_access", "referral_code", "created_at", "updated_at"}, size.users,
		func(i int) []any {
			g := i + 1
			var code any
			if g%10 == 0 {
				code = fmt.Sprintf("R%07d", g)
			}
			email := fmt.Sprintf("rider%d@example.com", g)
			if g%2 == 0 {
				email = strings.ToLower(fmt.Sprintf("%s.%s%d@mail.example", emergency.FoldForSearch(latin.last[g%len(latin.last)]),
					emergency.FoldForSearch(latin.first[g/7%len(latin.first)]), g))
			}
			at := now.Add(-time.Duration(g) * time.Minute)
			return []any{email, g%3 == 0, code, at, at}
		})

	// The other organisations, on several plans.
	tiers := []string{"starter", "business", "enterprise"}
	copyRows("organizations", []string{"name", "contact_email", "subscription_tier", "max_qr_codes", "created_at", "updated_at"},
		size.organizations-1, func(i int) []any {
			at := now.Add(-time.Duration(i) * time.Hour)
			return []any{scaleName(r) + " Ltd", fmt.Sprintf("contact%d@org.example", i), tiers[i%3], 1000, at, at}
		})
	rows, err := pg.Query(ctx, `SELECT id FROM organizations WHERE id <> $1`, org)
	if err != nil {
		b.Fatal(err)
	}
	others, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		b.Fatal(err)
	}

	rows, err = pg.Query(ctx, `SELECT emergency_data FROM organization_qr_codes WHERE organization_id = $1`, org)
	if err != nil {
		b.Fatal(err)
	}
	sealed, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil || len(sealed) == 0 {
		b.Fatalf("sealed records: %d, %v", len(sealed), err)
	}
	random := make([]byte, len(sealed[0])*4)
	rand.Read(random)

	// The codes in id order as they would have come, the large
	// organisation's spread among the others' (selection sampling).
	rest := size.codes - size.sync
	large := size.large - size.sync
	n := 0
	copyRows("organization_qr_codes", []string{"organization_id", "name", "emergency_data", "source", "created_at",
		"updated_at", "external_id", "external_id_key", "search_name", "search_latin", "reviewed_at"}, rest, func(int) []any {
		i := n
		n++
		owner, record := others[r.IntN(len(others))], any(nil)
		if r.IntN(rest-i) < large {
			large--
			owner, record = org, sealed[i%len(sealed)]
		} else {
			off := r.IntN(len(random) - len(sealed[0]))
			record = random[off : off+len(sealed[0])]
		}
		name := scaleName(r)
		external := fmt.Sprintf("W-%07d", i)
		at := now.Add(-time.Duration(rest-i) * time.Second)
		// Last confirmed any time in the past three years: current, due
		// and overdue codes, as a library that has had no rounds holds them.
		reviewed := now.Add(-time.Duration(r.IntN(3*365*24)) * time.Hour)
		return []any{owner, name, record, "api", at, at, external, cloud.ExternalIDKey(external),
			emergency.FoldForSearch(name), emergency.LatinForSearch(name), reviewed}
	})
	// As autovacuum leaves settled tables: statistics and the visibility map.
	if _, err := pg.Exec(ctx, `VACUUM ANALYZE`); err != nil {
		b.Fatal(err)
	}
}

// printScaleSizes prints the tables' size on disk, indexes and TOAST
// included, and the codes' per million.
func printScaleSizes(b *testing.B, pg *pgx.Conn, out io.Writer, size scaleSize) {
	var users, orgs, codes int64
	err := pg.QueryRow(context.Background(), `SELECT pg_total_relation_size('users'),
		pg_total_relation_size('organizations'), pg_total_relation_size('organization_qr_codes')`).Scan(&users, &orgs, &codes)
	if err != nil {
		b.Fatal(err)
	}
	mib := func(n int64) float64 { return float64(n) / (1 << 20) }
	fmt.Fprintf(out, "scale: postgres size: codes %.0f MiB (%.0f MiB per million), users %.0f MiB, organisations %.1f MiB\n",
		mib(codes), mib(codes)*1e6/float64(size.codes), mib(users), mib(orgs))
}

// statementRecorder keeps, while started, each statement the store runs
// (its text once, with the first arguments seen), the queue's own aside.
type statementRecorder struct {
	mu    sync.Mutex
	on    bool
	seen  map[string]bool
	calls []recordedStatement
}

type recordedStatement struct {
	sql  string
	args []any
}

func (r *statementRecorder) start() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on, r.seen, r.calls = true, map[string]bool{}, nil
}

// take stops recording and returns what was recorded.
func (r *statementRecorder) take() []recordedStatement {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on = false
	return r.calls
}

func (r *statementRecorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	verb := strings.ToUpper(strings.Fields(strings.TrimSpace(data.SQL) + " x")[0])
	explainable := verb == "SELECT" || verb == "WITH" || verb == "INSERT" || verb == "UPDATE" || verb == "DELETE"
	if !explainable || strings.Contains(data.SQL, "river_") {
		return ctx
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.on && !r.seen[data.SQL] {
		r.seen[data.SQL] = true
		r.calls = append(r.calls, recordedStatement{data.SQL, slices.Clone(data.Args)})
	}
	return ctx
}

func (*statementRecorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// bigTables are the schema's tables of scaleBigRows rows or more, by the
// statistics VACUUM ANALYZE left.
func bigTables(b *testing.B, pg *pgx.Conn) map[string]bool {
	rows, err := pg.Query(context.Background(), `SELECT c.relname FROM pg_class c
		WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND c.reltuples >= $1`, scaleBigRows)
	if err != nil {
		b.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(names) == 0 {
		b.Fatalf("big tables: %v %v", names, err)
	}
	big := map[string]bool{}
	for _, n := range names {
		big[n] = true
	}
	return big
}

// explainRecorded prints the plan of each statement recorded for path (with
// the arguments it ran with) and returns those that read a big table whole.
func explainRecorded(b *testing.B, pg *pgx.Conn, rec *statementRecorder, out io.Writer, path string, big map[string]bool) []string {
	var bad []string
	for _, s := range rec.take() {
		rows, err := pg.Query(context.Background(), "EXPLAIN "+s.sql, s.args...)
		if err != nil {
			b.Fatalf("explain %s: %v", s.sql, err)
		}
		plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			b.Fatalf("explain %s: %v", s.sql, err)
		}
		fmt.Fprintf(out, "scale: explain (%s) %s\n", path, strings.Join(strings.Fields(s.sql), " "))
		for _, line := range plan {
			fmt.Fprintf(out, "    %s\n", line)
			if m := seqScan.FindStringSubmatch(line); m != nil && big[m[1]] {
				bad = append(bad, fmt.Sprintf("%s: %s\n    %s", path, strings.Join(strings.Fields(s.sql), " "), strings.TrimSpace(line)))
			}
		}
	}
	return bad
}
