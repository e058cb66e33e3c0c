package cube

import (
	"fmt"
	"strings"
)

// ASCII draws a layout so a person can check the geometry by eye. Each tile
// is three lines, seven characters wide:
//
//	 / Y \      the yellow face on top
//	|R | B|     red bottom-left, blue bottom-right
//	 \q,r/      its place
//
// Tiles of a row are eight characters apart; each row down is shifted by half
// a tile (four characters) per step of q + r/2, as on a pointy-top lattice: E
// is to the right, SE down-right, SW down-left.
func ASCII(l Layout) string {
	if len(l) == 0 {
		return ""
	}
	minX, maxX, minR, maxR := 1<<30, -(1 << 30), 1<<30, -(1 << 30)
	for _, p := range l {
		x := 2*p.At.Q + p.At.R
		minX, maxX = min(minX, x), max(maxX, x)
		minR, maxR = min(minR, p.At.R), max(maxR, p.At.R)
	}
	width := (maxX-minX)*4 + 7
	var b strings.Builder
	for r := minR; r <= maxR; r++ {
		lines := [3][]byte{}
		for k := range lines {
			lines[k] = []byte(strings.Repeat(" ", width))
		}
		for _, p := range l {
			if p.At.R != r {
				continue
			}
			col := (2*p.At.Q + p.At.R - minX) * 4
			place := fmt.Sprintf("%d,%d", p.At.Q, p.At.R)
			if len(place) < 4 {
				place += strings.Repeat("_", 4-len(place))
			}
			copy(lines[0][col:], fmt.Sprintf(" / %d \\ ", p.Values[Yellow]))
			copy(lines[1][col:], fmt.Sprintf("|%d | %d|", p.Values[Red], p.Values[Blue]))
			copy(lines[2][col:], " \\"+place[:4]+"/")
		}
		for _, ln := range lines {
			b.WriteString(strings.TrimRight(string(ln), " "))
			b.WriteByte('\n')
		}
	}
	return b.String()
}
