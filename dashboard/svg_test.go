package dashboard

import (
	"encoding/xml"
	"errors"
	"html/template"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostile are names a student or class could be given.
var hostile = []string{
	`<script>alert("x")</script>`,
	`Ro"bert' & <b>`,
	`Zoé Ñúñez 李小龙 محمد 👩‍🎓`,
	"bad\x00control\x1b\xffbytes",
	`]]></svg><svg onload=alert(1)>`,
}

// wellFormed parses s as XML and returns the elements and the text read.
func wellFormed(tb testing.TB, s string) (elements map[string]int, text string) {
	tb.Helper()
	dec := xml.NewDecoder(strings.NewReader(s))
	dec.Strict = true
	elements = make(map[string]int)
	var b strings.Builder
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(tb, err, "not well-formed XML")
		switch t := tok.(type) {
		case xml.StartElement:
			elements[t.Name.Local]++
			for _, a := range t.Attr {
				b.WriteString(a.Value + "\n")
			}
		case xml.CharData:
			b.Write(t)
		}
	}
	return elements, b.String()
}

func TestEscapeMakesHostileTextInert(t *testing.T) {
	for _, name := range hostile {
		t.Run(name, func(t *testing.T) {
			e := esc(name)
			assert.NotContains(t, e, "<")
			assert.NotContains(t, e, ">")
			assert.NotContains(t, e, `"`)
			assert.NotContains(t, e, "'")
			_, text := wellFormed(t, "<t a=\""+e+"\">"+e+"</t>")
			assert.Contains(t, text, strings.Map(func(r rune) rune {
				if r == 0xFFFD || !xmlChar(r) {
					return -1
				}
				return r
			}, strings.ToValidUTF8(name, ""))[:1])
		})
	}
	assert.Equal(t, "Zoé 李", esc("Zoé 李"), "non-Latin text is kept")
	assert.Equal(t, "a\uFFFDb\uFFFDc", esc("a\x00b\xffc"))
}

func TestTableHTMLEscapes(t *testing.T) {
	tb := Table{Caption: hostile[0], Head: []string{"<th>"}, Rows: [][]string{{hostile[1], hostile[2]}}, RowHeaders: true}
	h := string(tb.HTML())
	els, text := wellFormed(t, h)
	assert.Equal(t, 0, els["script"])
	assert.Equal(t, 0, els["b"])
	assert.Contains(t, text, `<script>alert("x")</script>`, "shown as text")
	assert.Contains(t, h, `<th scope="row">`)
	assert.Contains(t, h, `<th scope="col">`)
}

func TestSVGGoesThroughHTMLTemplateUnchanged(t *testing.T) {
	h := NewClassHeatmap(nil, LangEN, hostile[0], "c")
	tpl := template.Must(template.New("p").Parse(`<div>{{.SVG}}{{.Table.HTML}}<h2>{{.Title}}</h2></div>`))
	var b strings.Builder
	require.NoError(t, tpl.Execute(&b, h))
	out := b.String()
	assert.Contains(t, out, "<div><svg ", "inserted as markup, not escaped twice")
	assert.NotContains(t, out, "<script>", "the hostile title is text everywhere")
	assert.Equal(t, 3, strings.Count(out, "&lt;script&gt;"), "in the SVG title, the table caption and the heading")
	els, _ := wellFormed(t, out)
	assert.Zero(t, els["script"])
}
