package qr

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
)

// Options say how to draw a code as an image.
type Options struct {
	Level  Level
	Width  int // pixels per side of the whole image, margin included
	Margin int // quiet zone, in modules, on each side
}

// The two products' image parameters (docs/design/individual.md §1 and the
// corporate batch). Black on white.
var (
	Individual = Options{Level: H, Width: 300, Margin: 1}
	Corporate  = Options{Level: M, Width: 200, Margin: 1}
)

// PNG encodes text and draws it as a black-on-white PNG.
func PNG(text string, o Options) ([]byte, error) {
	c, err := Encode(text, o.Level)
	if err != nil {
		return nil, err
	}
	return c.PNG(o.Width, o.Margin)
}

// Image draws the code with margin modules of quiet zone, width pixels per
// side. Each pixel takes the colour of the module under its top-left corner
// (nearest neighbour, as the common JavaScript encoders do), so modules are
// whole pixels that differ by at most one pixel in size, never blurred.
func (c *Code) Image(width, margin int) (*image.Paletted, error) {
	if margin < 0 {
		return nil, errors.New("qr: margin must not be negative")
	}
	modules := c.Size + 2*margin
	if width < modules {
		return nil, errors.New("qr: image narrower than one pixel per module")
	}
	img := image.NewPaletted(image.Rect(0, 0, width, width), color.Palette{color.White, color.Black})
	for py := 0; py < width; py++ {
		my := py*modules/width - margin
		if my < 0 || my >= c.Size {
			continue
		}
		for px := 0; px < width; px++ {
			mx := px*modules/width - margin
			if mx >= 0 && mx < c.Size && c.Dark(mx, my) {
				img.Pix[img.PixOffset(px, py)] = 1
			}
		}
	}
	return img, nil
}

// PNG draws the code as Image does and encodes it.
func (c *Code) PNG(width, margin int) ([]byte, error) {
	img, err := c.Image(width, margin)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
