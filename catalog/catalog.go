// Package catalog holds every text a child, teacher or parent reads, in
// French and English, in one place: en.json and fr.json. The server renders
// them with Text; the browser loads the same files from /i18n/{lang}.json,
// so a sentence is written once for both sides.
//
// A message is either a string or, when it counts something, an object of
// CLDR plural forms ({"one": …, "other": …}); go-i18n picks the form by the
// language's plural rules (French "one" covers 0 and 1, English only 1).
// Placeholders are written {name} and filled from the params.
package catalog

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"
)

// Languages. Anything but FR reads as English.
const (
	EN = "en"
	FR = "fr"
)

// Langs are the catalogue's languages, English (the fallback) first.
var Langs = []string{EN, FR}

//go:embed en.json fr.json
var files embed.FS

// Catalog is the loaded catalogue: a go-i18n bundle for rendering, and the
// files as read, for the browser.
type Catalog struct {
	bundle *i18n.Bundle
	local  map[string]*i18n.Localizer
	// raw is each language's messages as written: a string, or a map of
	// plural forms.
	raw map[string]map[string]any
	// body is each language's file as served to the browser, and etag its
	// checksum: the same bytes for a whole build.
	body map[string][]byte
	etag map[string]string
}

// New reads the embedded files. It fails when a file is not valid JSON or
// when go-i18n refuses a message.
func New() (*Catalog, error) {
	c := &Catalog{
		bundle: i18n.NewBundle(language.English),
		local:  map[string]*i18n.Localizer{},
		raw:    map[string]map[string]any{},
		body:   map[string][]byte{},
		etag:   map[string]string{},
	}
	for _, l := range Langs {
		b, err := files.ReadFile(l + ".json")
		if err != nil {
			return nil, fmt.Errorf("catalog: read %s: %w", l, err)
		}
		raw := map[string]any{}
		if err := json.Unmarshal(b, &raw); err != nil {
			return nil, fmt.Errorf("catalog: parse %s: %w", l, err)
		}
		if _, err := c.bundle.ParseMessageFileBytes(b, l+".json"); err != nil {
			return nil, fmt.Errorf("catalog: load %s: %w", l, err)
		}
		// Compacted: the browser needs no indentation.
		var buf bytes.Buffer
		if err := json.Compact(&buf, b); err != nil {
			return nil, fmt.Errorf("catalog: compact %s: %w", l, err)
		}
		sum := sha256.Sum256(buf.Bytes())
		c.raw[l] = raw
		c.body[l] = buf.Bytes()
		c.etag[l] = `"` + hex.EncodeToString(sum[:8]) + `"`
		c.local[l] = i18n.NewLocalizer(c.bundle, l)
	}
	return c, nil
}

// std is the catalogue of the embedded files, read on first use. The files
// are part of the binary and checked by this package's tests, so a failure
// here is a broken build, not a condition to handle.
var std = sync.OnceValue(func() *Catalog {
	c, err := New()
	if err != nil {
		panic(err)
	}
	return c
})

// Default returns the catalogue of the embedded files.
func Default() *Catalog { return std() }

// Text renders key in lang with the embedded catalogue; see Catalog.Text.
func Text(lang, key string, params map[string]any) string {
	return std().Text(lang, key, params)
}

// T is Text with params as key, value pairs: T(lang, "hello", "name", n).
func T(lang, key string, kv ...any) string {
	var params map[string]any
	if len(kv) > 1 {
		params = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			params[fmt.Sprint(kv[i])] = kv[i+1]
		}
	}
	return std().Text(lang, key, params)
}

// Has reports whether the catalogue has key.
func Has(key string) bool { return std().Has(key) }

// Lang returns l when the catalogue has it, else English.
func Lang(l string) string {
	if l == FR {
		return FR
	}
	return EN
}

// Text renders key in lang (English unless lang is French). The plural
// form is chosen by params["count"], else params["n"]. A key the catalogue
// lacks comes back as itself, so that a gap shows instead of hiding; the
// tests keep every key used in the sources in the catalogue.
func (c *Catalog) Text(lang, key string, params map[string]any) string {
	cfg := &i18n.LocalizeConfig{MessageID: key, TemplateData: params, TemplateParser: braces{}}
	if n, ok := params["count"]; ok {
		cfg.PluralCount = n
	} else if n, ok := params["n"]; ok {
		cfg.PluralCount = n
	}
	s, err := c.local[Lang(lang)].Localize(cfg)
	if err != nil && s == "" {
		return key
	}
	return s
}

// Has reports whether the catalogue has key (in English, the fallback; the
// tests check that French has the same keys).
func (c *Catalog) Has(key string) bool {
	_, ok := c.raw[EN][key]
	return ok
}

// Keys lists the catalogue's keys in lang, sorted.
func (c *Catalog) Keys(lang string) []string {
	keys := make([]string, 0, len(c.raw[lang]))
	for k := range c.raw[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Raw returns lang's message for key as written: a string, or a map of
// plural forms to strings.
func (c *Catalog) Raw(lang, key string) (any, bool) {
	m, ok := c.raw[lang][key]
	return m, ok
}

// Section returns the messages of lang whose keys start with prefix, with
// the prefix cut, as a map for a template ({{.T.title}}). Plural messages
// are left out: a template cannot choose a form.
func (c *Catalog) Section(lang, prefix string) map[string]string {
	out := map[string]string{}
	for k, v := range c.raw[Lang(lang)] {
		s, ok := v.(string)
		if ok && len(k) > len(prefix) && k[:len(prefix)] == prefix {
			out[k[len(prefix):]] = s
		}
	}
	return out
}

// Section is Catalog.Section on the embedded catalogue.
func Section(lang, prefix string) map[string]string { return std().Section(lang, prefix) }

// Messages returns lang's whole file as the browser reads it (JSON) and its
// checksum, for an ETag. ok is false for a language the catalogue lacks.
func (c *Catalog) Messages(lang string) (body []byte, etag string, ok bool) {
	body, ok = c.body[lang]
	return body, c.etag[lang], ok
}

// Messages is Catalog.Messages on the embedded catalogue.
func Messages(lang string) (body []byte, etag string, ok bool) { return std().Messages(lang) }

// braces is a go-i18n template parser for {name} placeholders, the form
// the browser's t() fills too, so that one file serves both sides. A
// placeholder without a param stays as written, so a gap shows.
type braces struct{}

func (braces) Cacheable() bool { return true }

func (braces) Parse(src, _, _ string) (template.ParsedTemplate, error) {
	return bracesTemplate(src), nil
}

type bracesTemplate string

func (t bracesTemplate) Execute(data any) (string, error) {
	params, _ := data.(map[string]any)
	return Fill(string(t), params), nil
}

// Fill replaces each {name} of s whose name is in params by the param, and
// each {de:name} (French: "de", "que", "le", "la") by the word and the
// param, elided when the param starts with a vowel: "d’Inès", "de Léa"
// (see Elide).
func Fill(s string, params map[string]any) string {
	if len(params) == 0 {
		return s
	}
	var b []byte
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		j := i + 1
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		word, start := "", i+1
		if j < len(s) && s[j] == ':' && j > i+1 {
			word, start = s[i+1:j], j+1
			if _, ok := elided[word]; !ok {
				continue
			}
			for j = start; j < len(s) && isNameByte(s[j]); j++ {
			}
		}
		if j == start || j >= len(s) || s[j] != '}' {
			continue
		}
		v, ok := params[s[start:j]]
		if !ok {
			continue
		}
		b = append(b, s[last:i]...)
		if word != "" {
			b = append(b, Elide(word, fmt.Sprint(v))...)
		} else {
			b = fmt.Append(b, v)
		}
		last = j + 1
		i = j
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
