# Builds the one multipli binary (cgo for SQLite) and runs it on a small Debian.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/multipli ./cmd/multipli

FROM debian:bookworm-slim
# The data directory holds the database and the signing key: its user's alone (0700).
RUN useradd --system --home /var/lib/multipli multipli \
 && mkdir -p /var/lib/multipli && chown multipli /var/lib/multipli && chmod 0700 /var/lib/multipli
COPY --from=build /out/multipli /usr/local/bin/multipli
USER multipli
ENV MULTIPLI_ADDR=0.0.0.0:8080 \
    MULTIPLI_DATA_DIR=/var/lib/multipli
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD ["multipli", "health", "--url", "http://127.0.0.1:8080/readyz"]
ENTRYPOINT ["multipli"]
CMD ["serve"]
