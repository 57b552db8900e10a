package webhook

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// publicDNS answers every host with a public address: the check passes,
// so what refuses the connection afterwards is the dialer's own check.
func publicDNS(context.Context, string) ([]netip.Addr, error) {
	return []netip.Addr{netip.MustParseAddr("93.184.216.34")}, nil
}

func TestGuardRefuses(t *testing.T) {
	// Each address is refused by the guard named, before any connection.
	dns := map[string][]netip.Addr{
		"public.example":   {netip.MustParseAddr("93.184.216.34")},
		"internal.example": {netip.MustParseAddr("10.1.2.3")},
		// One bad answer among good ones is enough to refuse.
		"mixed.example":    {netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr("192.168.0.10")},
		"metadata.example": {netip.MustParseAddr("169.254.169.254")},
	}
	g := Guard{Lookup: func(_ context.Context, host string) ([]netip.Addr, error) {
		if a, ok := dns[host]; ok {
			return a, nil
		}
		return nil, errors.New("no such host")
	}}
	cases := []struct {
		url  string
		want error
	}{
		{"http://public.example/hook", ErrScheme},
		{"ftp://public.example/hook", ErrScheme},
		{"https://user:pass@public.example/hook", ErrURL},
		{"https:///hook", ErrURL},
		{"not a url", ErrURL},
		{"https://nowhere.example/hook", ErrUnresolved},
		{"https://127.0.0.1/hook", ErrNotPublic},
		{"https://127.1.2.3:8443/hook", ErrNotPublic},
		{"https://[::1]/hook", ErrNotPublic},
		{"https://[::ffff:127.0.0.1]/hook", ErrNotPublic},
		{"https://0.0.0.0/hook", ErrNotPublic},
		{"https://10.0.0.1/hook", ErrNotPublic},
		{"https://172.16.5.4/hook", ErrNotPublic},
		{"https://192.168.1.1/hook", ErrNotPublic},
		{"https://[fd12:3456::1]/hook", ErrNotPublic},
		{"https://169.254.169.254/latest/meta-data/", ErrNotPublic},
		{"https://[fe80::1]/hook", ErrNotPublic},
		{"https://[fd00:ec2::254]/hook", ErrNotPublic},
		{"https://100.64.0.1/hook", ErrNotPublic},
		{"https://internal.example/hook", ErrNotPublic},
		{"https://mixed.example/hook", ErrNotPublic},
		{"https://metadata.example/hook", ErrNotPublic},
	}
	for _, c := range cases {
		t.Run(c.url, func(t *testing.T) {
			if _, err := g.Check(context.Background(), c.url); !errors.Is(err, c.want) {
				t.Fatalf("Check = %v, want %v", err, c.want)
			}
		})
	}
	t.Run("PublicHTTPSAccepted", func(t *testing.T) {
		if _, err := g.Check(context.Background(), "https://public.example:8443/hook?x=1"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("HTTPInDevelopment", func(t *testing.T) {
		dev := g
		dev.AllowHTTP = true
		if _, err := dev.Check(context.Background(), "http://public.example/hook"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestClientRefusesAtConnect(t *testing.T) {
	var reached atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached.Add(1) }))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())

	t.Run("DNSRebinding", func(t *testing.T) {
		// The check's DNS says public; the connection's (the system's:
		// localhost is 127.0.0.1) says loopback. The dialer refuses.
		c := NewClient(Guard{AllowHTTP: true, Lookup: publicDNS}, time.Second)
		a := c.Post(context.Background(), "http://localhost:"+port+"/hook", nil, []byte("{}"), 1024)
		if !errors.Is(a.Err, ErrNotPublic) || a.Status != 0 {
			t.Fatalf("answer = %+v, want refused at connect", a)
		}
		if reached.Load() != 0 {
			t.Fatal("the receiver was reached")
		}
	})
	t.Run("LoopbackLiteral", func(t *testing.T) {
		c := NewClient(Guard{AllowHTTP: true}, time.Second)
		if a := c.Post(context.Background(), srv.URL, nil, []byte("{}"), 1024); !errors.Is(a.Err, ErrNotPublic) {
			t.Fatalf("answer = %+v, want refused", a)
		}
		if reached.Load() != 0 {
			t.Fatal("the receiver was reached")
		}
	})
}

func TestClientFollowsNoRedirect(t *testing.T) {
	var inside atomic.Int32
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { inside.Add(1) }))
	defer internal.Close()
	redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, internal.URL+"/admin", http.StatusTemporaryRedirect)
	}))
	defer redirecting.Close()
	// Loopback allowed here (both servers are on this machine): the
	// redirect itself is what must not be followed.
	c := NewClient(Guard{AllowHTTP: true, AllowPrivate: true}, time.Second)
	a := c.Post(context.Background(), redirecting.URL, nil, []byte("{}"), 1024)
	if a.Status != http.StatusTemporaryRedirect || a.OK() || a.Err != nil {
		t.Fatalf("answer = %+v, want the 307 itself, a failure", a)
	}
	if inside.Load() != 0 {
		t.Fatal("the redirect was followed")
	}
}

func TestClientTimesOut(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	c := NewClient(Guard{AllowHTTP: true, AllowPrivate: true}, 200*time.Millisecond)
	a := c.Post(context.Background(), srv.URL, nil, []byte("{}"), 1024)
	if a.Err == nil || a.OK() || a.Duration > 5*time.Second {
		t.Fatalf("answer = %+v, want a timeout", a)
	}
}

func TestClientKeepsOneKilobyte(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(strings.Repeat("x", 5000)))
	}))
	defer srv.Close()
	c := NewClient(Guard{AllowHTTP: true, AllowPrivate: true}, time.Second)
	a := c.Post(context.Background(), srv.URL, nil, []byte("{}"), 1024)
	if a.Status != 500 || len(a.Body) != 1024 || a.OK() {
		t.Fatalf("answer = %d with %d bytes, want 500 with 1024", a.Status, len(a.Body))
	}
}

func TestSignatureVerifies(t *testing.T) {
	// The standard's own example: secret, id, timestamp and body from
	// its specification give this signature.
	secret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	ts := time.Unix(1614265330, 0)
	body := []byte(`{"test": 2432232314}`)
	sig, err := Signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", ts, body)
	if err != nil || sig != "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" {
		t.Fatalf("Signature = %q, %v", sig, err)
	}
	h, _ := Headers("msg_p5jXN8AQM9LWM0D4loKWxJek", ts, body, NewSecret(), secret)
	if err := Verify(secret, h["webhook-id"], h["webhook-timestamp"], h["webhook-signature"], body, ts); err != nil {
		t.Fatalf("the old secret's signature of a rotation: %v", err)
	}
	if Verify(NewSecret(), h["webhook-id"], h["webhook-timestamp"], h["webhook-signature"], body, ts) == nil {
		t.Fatal("another secret verified")
	}
	if Verify(secret, h["webhook-id"], h["webhook-timestamp"], h["webhook-signature"], body, ts.Add(10*time.Minute)) == nil {
		t.Fatal("a stale timestamp verified")
	}
}
