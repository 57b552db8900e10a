package http

import (
	"bytes"
	"context"
	"time"

	"github.com/lifetag/lifetag/cloud/http/apiserver"
	"github.com/lifetag/lifetag/cloud/service"
)

// CreateLabelSheet serves the printable PDF to its entitled owner.
func (s *Server) CreateLabelSheet(ctx context.Context, req apiserver.CreateLabelSheetRequestObject) (apiserver.CreateLabelSheetResponseObject, error) {
	pdf, err := s.service.LabelSheet(ctx, userFromContext(ctx), *req.Body)
	if err != nil {
		return nil, err
	}
	return apiserver.CreateLabelSheet200ApplicationPdfResponse{Body: bytes.NewReader(pdf), ContentLength: int64(len(pdf)),
		Headers: apiserver.CreateLabelSheet200ResponseHeaders{
			ContentDisposition: attachment("lifetag-labels-" + time.Now().Format(time.DateOnly) + ".pdf")}}, nil
}

// CreateLockScreen serves the lock-screen wallpaper to its entitled owner.
func (s *Server) CreateLockScreen(ctx context.Context, req apiserver.CreateLockScreenRequestObject) (apiserver.CreateLockScreenResponseObject, error) {
	png, err := s.service.LockScreen(ctx, userFromContext(ctx), service.LockScreenRequest{
		Email: req.Body.Email, Phone: req.Body.Phone, TimeZone: req.Body.TimeZone, Shown: req.Body.EmergencyData})
	if err != nil {
		return nil, err
	}
	return apiserver.CreateLockScreen200ImagePngResponse{Body: bytes.NewReader(png), ContentLength: int64(len(png)),
		Headers: apiserver.CreateLockScreen200ResponseHeaders{
			ContentDisposition: attachment("lifetag-lock-screen-" + req.Body.Phone + ".png")}}, nil
}
