module github.com/lifetag/lifetag/pkg

go 1.26.0

require (
	github.com/go-pdf/fpdf v0.9.0
	github.com/go-text/typesetting v0.3.5
	github.com/gosimple/unidecode v1.0.1
	github.com/saintfish/chardet v0.0.0-20230101081208-5e3ef4b5456d
	github.com/skip2/go-qrcode v0.0.0-20200617195104-da1b6568686e
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.47.0
	golang.org/x/text v0.43.0
	rsc.io/qr v0.2.0
)

require golang.org/x/sys v0.49.0 // indirect
