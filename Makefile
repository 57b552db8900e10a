# Lifetag: the verbs. `make run` and `make test` do all set-up themselves.
.PHONY: setup frontend build run check test bench fuzz clean station image deb

PORT ?= 8080
CLOUD_BIN := build/lifetag-cloud

setup:
	scripts/setup.sh

# The website, built by Vite and copied where the cloud binary embeds it.
frontend: setup
	cd frontend && npm run --silent build
	find cloud/web/dist -mindepth 1 ! -name .keep -delete
	cp -R frontend/dist/. cloud/web/dist/

build: frontend
	scripts/build/cloud.sh $(CLOUD_BIN)

# The site and API on http://127.0.0.1:$(PORT), on the embedded SQLite default.
run: build
	PORT=$(PORT) ./$(CLOUD_BIN)

# The inner loop: lint, types, generated code, Go and frontend unit tests,
# no services, no Debian packages, no Wails CLI (README gives its cold and
# warm times). `make test` runs everything.
check:
	scripts/test/check.sh

test:
	scripts/test/all.sh

# The cloud's container image, by buildah FROM scratch: an OCI archive,
# build/lifetag-cloud-image_VERSION.tar (docs/operating.md: Installing from the image or the package).
image: build
	scripts/build/image.sh $(CLOUD_BIN)

# The cloud's Debian package with its systemd unit, build/lifetag-cloud_VERSION_amd64.deb.
deb: build
	scripts/build/deb.sh $(CLOUD_BIN)

# The desktop print station for IT, in build/station/: the Linux binary and
# .deb, the Windows exe, NSIS installer and MSI, signed when SIGN_CERT and
# SIGN_KEY (or SIGN_PKCS12 and SIGN_PASSWORD) are set, and SHA256SUMS.
station:
	scripts/station/build.sh

bench:
	scripts/bench/all.sh

# Every Go fuzz target for FUZZ_TIME each (a minute; make test gives pkg's 3 s each).
FUZZ_TIME ?= 60s
fuzz:
	FUZZ_TIME=$(FUZZ_TIME) FUZZ_MINIMIZE_TIME=10s scripts/test/fuzz.sh

clean:
	rm -rf build frontend/dist
	find cloud/web/dist station/web/dist -mindepth 1 ! -name .keep -delete
