package dashboard

import (
	"fmt"
	"math"
)

// The heatmaps' colour scale is viridis (Smith and van der Walt, matplotlib
// 2015): sequential, perceptually uniform, readable with the common forms of
// colour blindness and in greyscale. Mastery 0 is dark purple, 1 is yellow.
// These are its values at 0, 1/8, …, 1; in between, the scale interpolates
// linearly in sRGB, which stays close to the original.
var viridis = [...][3]uint8{
	{0x44, 0x01, 0x54},
	{0x47, 0x2d, 0x7b},
	{0x3b, 0x52, 0x8b},
	{0x2c, 0x72, 0x8e},
	{0x21, 0x91, 0x8c},
	{0x28, 0xae, 0x80},
	{0x5e, 0xc9, 0x62},
	{0xad, 0xdc, 0x30},
	{0xfd, 0xe7, 0x25},
}

// ScaleName is the colour scale's name, for the README. The legend says
// the colours in words ("dark purple" to "yellow"): a teacher reads the
// scale, not its name.
const ScaleName = "viridis"

// noDataFill is the ground of cells without data, under a hatch pattern.
const noDataFill = "#f2f2f2"

// Colour maps v in 0–1 (clamped) to "#rrggbb" on the viridis scale.
func Colour(v float64) string {
	r, g, b := scale(v)
	return fmt.Sprintf("#%02x%02x%02x", r, g, b)
}

func scale(v float64) (r, g, b uint8) {
	if math.IsNaN(v) || v < 0 {
		v = 0
	}
	if v > 1 {
		v = 1
	}
	pos := v * float64(len(viridis)-1)
	i := min(int(pos), len(viridis)-2)
	f := pos - float64(i)
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a) + f*(float64(b)-float64(a)))) }
	lo, hi := viridis[i], viridis[i+1]
	return mix(lo[0], hi[0]), mix(lo[1], hi[1]), mix(lo[2], hi[2])
}

// TextColour picks black or white, whichever contrasts more with the
// cell's colour at v (WCAG relative luminance).
func TextColour(v float64) string {
	r, g, b := scale(v)
	l := luminance(r, g, b)
	if (l+0.05)/0.05 >= 1.05/(l+0.05) {
		return "#000000"
	}
	return "#ffffff"
}

func luminance(r, g, b uint8) float64 {
	lin := func(c uint8) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
