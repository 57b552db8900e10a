// Package smtptest runs an in-process SMTP server (github.com/emersion/go-smtp)
// on loopback that keeps what it receives, for tests.
package smtptest

import (
	"io"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
)

// Message is one received message.
type Message struct {
	From string
	To   []string
	Data string // the raw message, headers and body
}

// Header returns one header of the message.
func (m Message) Header(name string) string {
	msg, err := mail.ReadMessage(strings.NewReader(m.Data))
	if err != nil {
		return ""
	}
	return msg.Header.Get(name)
}

// Text returns the decoded body of a single-part message.
func (m Message) Text() string {
	msg, err := mail.ReadMessage(strings.NewReader(m.Data))
	if err != nil {
		return ""
	}
	var body io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(body)
	}
	text, _ := io.ReadAll(body)
	return string(text)
}

// Sink is a running SMTP server; every delivered message arrives on Received.
type Sink struct {
	Host     string
	Port     int
	Received chan Message
	// Held announces each message kept waiting after Hold.
	Held chan Message

	mu       sync.Mutex
	release  chan struct{} // set by Hold, closed by Release
	refused  map[string]bool
	server   *smtp.Server // nil while stopped
	listener net.Listener
}

// Refuse makes the sink refuse mail to address at RCPT, quoting the
// address in its answer as real servers do ("550 5.1.1 <x>: Recipient
// address rejected").
func (s *Sink) Refuse(address string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refused == nil {
		s.refused = map[string]bool{}
	}
	s.refused[address] = true
}

// Hold keeps every message from now on waiting, its DATA not yet answered
// (mail in flight), until Release; each is announced on Held first.
func (s *Sink) Hold() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.release = make(chan struct{})
}

// Release lets the held messages through.
func (s *Sink) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.release)
	s.release = nil
}

// Start runs a sink until the test ends.
func Start(t testing.TB) *Sink {
	t.Helper()
	sink := &Sink{Host: "127.0.0.1", Received: make(chan Message, 100), Held: make(chan Message, 100)}
	if err := sink.serve(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sink.Stop)
	return sink
}

// Stop closes the server: connections are refused, as by a mail server
// that is away, until Restart.
func (s *Sink) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.server != nil {
		// The listener too: Serve may not have taken it yet.
		s.listener.Close()
		s.server.Close()
		s.server = nil
	}
}

// Restart serves again, on the same port.
func (s *Sink) Restart(t testing.TB) {
	t.Helper()
	if err := s.serve(); err != nil {
		t.Fatal(err)
	}
}

func (s *Sink) serve() error {
	listener, err := net.Listen("tcp", net.JoinHostPort(s.Host, strconv.Itoa(s.Port)))
	if err != nil {
		return err
	}
	s.Port = listener.Addr().(*net.TCPAddr).Port
	server := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{sink: s}, nil
	}))
	server.Domain = "localhost"
	server.AllowInsecureAuth = true
	s.mu.Lock()
	s.server, s.listener = server, listener
	s.mu.Unlock()
	go server.Serve(listener)
	return nil
}

// Addr is host:port.
func (s *Sink) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

type session struct {
	sink *Sink
	msg  Message
}

func (s *session) Reset()        { s.msg = Message{} }
func (s *session) Logout() error { return nil }

func (s *session) Mail(from string, opts *smtp.MailOptions) error {
	s.msg.From = from
	return nil
}

func (s *session) Rcpt(to string, opts *smtp.RcptOptions) error {
	s.sink.mu.Lock()
	refused := s.sink.refused[to]
	s.sink.mu.Unlock()
	if refused {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1},
			Message: "<" + to + ">: Recipient address rejected"}
	}
	s.msg.To = append(s.msg.To, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.msg.Data = string(data)
	s.sink.mu.Lock()
	release := s.sink.release
	s.sink.mu.Unlock()
	if release != nil {
		s.sink.Held <- s.msg
		<-release
	}
	s.sink.Received <- s.msg
	return nil
}
