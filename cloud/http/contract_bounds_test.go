package http_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud"
	lhttp "github.com/lifetag/lifetag/cloud/http"
	"github.com/lifetag/lifetag/pkg/api"
	"github.com/lifetag/lifetag/pkg/emergency"
	"github.com/lifetag/lifetag/pkg/labels"
)

// contractBound is one limit the document states for a request input, and
// the constant the server enforces it with. Where is written as
//
//	"schema Name.property.items"   a component schema (properties by name;
//	                               items and additionalProperties as such)
//	"parameter Name"               a component parameter's schema
//	"GET /api/path name"           an operation's own parameter, by name
//	"POST /api/path text/plain"    an operation's request body, by media type
type contractBound struct {
	where   string
	keyword string // maxLength, maxItems, maximum or minimum
	want    any    // an int, or a float64 for a number
}

// longestID is the longest a 64-bit id is as decimal text.
var longestID = len(strconv.FormatInt(math.MaxInt64, 10))

// contractBounds holds every numeric limit of a request input in
// pkg/api/openapi.yaml to the server's constant, so the two cannot drift.
// A string the server bounds only by the request's size (MaxBodyBytes for a
// body, MaxHeaderBytes for a path, query or header) says so.
var contractBounds = []contractBound{
	{"GET /api/user/data email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"GET /api/user/payment-status email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"GET /api/user/orders email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"GET /api/sync/emergency-data/{email} email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"GET /api/sync/payment-status/{email} email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"GET /api/referrals/{email} email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"POST /api/auth/login X-Lifetag-Session", "maxLength", len(lhttp.BearerClientValue)},
	{"POST /api/auth/create-account-after-payment X-Lifetag-Session", "maxLength", len(lhttp.BearerClientValue)},
	{"POST /api/stripe/webhook Stripe-Signature", "maxLength", cloud.MaxHeaderBytes},
	{"POST /api/analytics/page-view text/plain", "maxLength", cloud.AnalyticsMaxBodyBytes},
	{"POST /api/analytics/event text/plain", "maxLength", cloud.AnalyticsMaxBodyBytes},
	{"GET /api/labels/catalogue q", "maxLength", cloud.AdminSearchMaxBytes},
	{"GET /api/corporate/setup-password token", "maxLength", cloud.TokenMaxBytes},
	{"GET /api/corporate/{orgId}/qr-codes page", "maximum", cloud.AdminPageMax},
	{"GET /api/corporate/{orgId}/qr-codes pageSize", "maximum", cloud.AdminPageSizeMax},
	{"GET /api/corporate/{orgId}/qr-codes search", "maxLength", cloud.AdminSearchMaxBytes},
	{"GET /api/corporate/{orgId}/qr-codes project", "maxLength", longestID + 1},
	{"GET /api/corporate/{orgId}/qr-codes externalId", "maxLength", cloud.ExternalIDMaxBytes},
	{"GET /api/corporate/{orgId}/qr-codes/import-template.csv templateId", "maximum", math.MaxInt64},
	{"DELETE /api/corporate/{orgId}/api-keys/{keyId} keyId", "maximum", math.MaxInt64},
	{"GET /api/corporate/{orgId}/qr-codes/changes updatedSince", "maxLength", len(time.RFC3339Nano)},
	{"GET /api/corporate/{orgId}/qr-codes/changes cursor", "maxLength", cloud.TokenMaxBytes},
	{"GET /api/corporate/{orgId}/qr-codes/changes limit", "maximum", cloud.ChangesMaxLimit},
	{"schema EmergencyData.emergencyContacts", "maxItems", emergency.Rules.MaxContacts},
	{"schema EmergencyData.lastModified", "maxLength", len(time.RFC3339Nano)},
	{"schema PersonalInfo.fullName", "maxLength", emergency.Rules.MaxBytes["fullName"]},
	{"schema PersonalInfo.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema PersonalInfo.dateOfBirth", "maxLength", len(time.DateOnly)},
	{"schema PersonalInfo.bloodType", "maxLength", longestBloodType()},
	{"schema EmergencyContact.id", "maxLength", emergency.Rules.MaxBytes["contactId"]},
	{"schema EmergencyContact.name", "maxLength", emergency.Rules.MaxBytes["contactName"]},
	{"schema EmergencyContact.relationship", "maxLength", emergency.Rules.MaxBytes["relationship"]},
	{"schema EmergencyContact.phone", "maxLength", emergency.Rules.MaxBytes["phone"]},
	{"schema MedicalInfo.allergies", "maxLength", emergency.Rules.MaxBytes["allergies"]},
	{"schema MedicalInfo.medications", "maxLength", emergency.Rules.MaxBytes["medications"]},
	{"schema MedicalInfo.conditions", "maxLength", emergency.Rules.MaxBytes["conditions"]},
	{"schema MedicalInfo.notes", "maxLength", emergency.Rules.MaxBytes["notes"]},
	{"schema LoginRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema LoginRequest.password", "maxLength", cloud.PasswordMaxBytes},
	{"schema EmailRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema ResetPasswordRequest.token", "maxLength", cloud.TokenMaxBytes},
	{"schema ResetPasswordRequest.newPassword", "maxLength", cloud.PasswordMaxBytes},
	{"schema ResetPasswordRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema SetPasswordRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema SetPasswordRequest.token", "maxLength", cloud.TokenMaxBytes},
	{"schema SetPasswordRequest.password", "maxLength", cloud.PasswordMaxBytes},
	{"schema PaymentIntentRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema PaymentIntentRequest.labelType", "maxLength", cloud.MaxBodyBytes},
	{"schema PaymentIntentRequest.quantity", "maximum", cloud.MaxPhysicalPacks},
	{"schema PaymentIntentRequest.referralCode", "maxLength", cloud.MaxBodyBytes},
	{"schema ShippingAddress.email", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.fullName", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.addressLine1", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.addressLine2", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.city", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.county", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.postcode", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema ShippingAddress.country", "maxLength", cloud.ShippingAddressMaxBytes},
	{"schema TestCheckoutRequest.clientSecret", "maxLength", cloud.MaxBodyBytes},
	{"schema TestCheckoutRequest.cardNumber", "maxLength", cloud.MaxBodyBytes},
	{"schema PageView.path", "maxLength", cloud.AnalyticsPathMaxBytes},
	{"schema AnalyticsEvent.action", "maxLength", cloud.AnalyticsNameMaxBytes},
	{"schema AnalyticsEvent.category", "maxLength", cloud.AnalyticsNameMaxBytes},
	{"schema AnalyticsEvent.label", "maxLength", cloud.AnalyticsLabelMaxBytes},
	{"schema PushEmergencyDataRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema DevicePaymentStatus.physicalOrders", "maxItems", cloud.MaxBodyBytes},
	{"schema DevicePaymentStatus.paymentDate", "maxLength", cloud.MaxBodyBytes},
	{"schema DevicePaymentStatus.stripeCustomerId", "maxLength", cloud.MaxBodyBytes},
	{"schema DevicePaymentStatus.paymentId", "maxLength", cloud.MaxBodyBytes},
	{"schema DevicePaymentStatus.subscriptionId", "maxLength", cloud.MaxBodyBytes},
	{"schema PushPaymentStatusRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema LabelOptions.labelType", "maxLength", cloud.MaxBodyBytes},
	{"schema LabelOptions.paperSize", "maxLength", cloud.MaxBodyBytes},
	{"schema LabelOptions.printQuality", "maxLength", cloud.MaxBodyBytes},
	{"schema PersonalInfo.weight", "minimum", emergency.Rules.WeightKg.Min},
	{"schema PersonalInfo.weight", "maximum", emergency.Rules.WeightKg.Max},
	{"schema CustomDimensions.width", "minimum", labels.CustomMinWidth},
	{"schema CustomDimensions.width", "maximum", labels.CustomMaxWidth},
	{"schema CustomDimensions.height", "minimum", labels.CustomMinHeight},
	{"schema CustomDimensions.height", "maximum", labels.CustomMaxHeight},
	{"schema CustomDimensions.count", "minimum", labels.CustomMinCount},
	{"schema CustomDimensions.count", "maximum", labels.CustomMaxCount},
	{"schema CustomDimensions.cols", "minimum", labels.CustomMinCols},
	{"schema CustomDimensions.cols", "maximum", labels.CustomMaxCols},
	{"schema CustomDimensions.rows", "minimum", labels.CustomMinRows},
	{"schema CustomDimensions.rows", "maximum", labels.CustomMaxRows},
	{"schema LabelSheetRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema LabelSheetRequest.timeZone", "maxLength", cloud.MaxBodyBytes},
	{"schema LockScreenRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema LockScreenRequest.phone", "maxLength", cloud.MaxBodyBytes},
	{"schema LockScreenRequest.timeZone", "maxLength", cloud.MaxBodyBytes},
	{"schema ReferralCodeRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema ExportDataRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema PrivacyDeleteRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema PrivacyDeleteRequest.confirmation", "maxLength", cloud.MaxBodyBytes},
	{"schema AdminPrintAccessRequest.userId", "maximum", math.MaxInt64},
	{"schema AdminCreateUserRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema AdminDeleteUserRequest.userId", "maximum", math.MaxInt64},
	{"schema AdminOrderUpdate.status", "maxLength", cloud.MaxBodyBytes},
	{"schema AdminOrderUpdate.trackingNumber", "maxLength", cloud.TrackingNumberMaxBytes},
	{"schema AdminHandOverRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema AdminAllowanceRequest.maxQrCodes", "maximum", cloud.MaxAllowance},
	{"schema CorporateRegistrationRequest.organizationName", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.contactFirstName", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.contactLastName", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.contactEmail", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.phone", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.organizationType", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.employeeCount", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.subscriptionPlan", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.address", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.city", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.country", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateRegistrationRequest.requirements", "maxLength", cloud.RequirementsMaxBytes},
	{"schema CorporateCompleteRegistrationRequest.sessionId", "maxLength", cloud.TokenMaxBytes},
	{"schema CorporateCompleteRegistrationRequest.registrationId", "maxLength", cloud.TokenMaxBytes},
	{"schema CorporateTestCheckoutRequest.sessionId", "maxLength", cloud.MaxBodyBytes},
	{"schema CorporateTestCheckoutRequest.cardNumber", "maxLength", cloud.MaxBodyBytes},
	{"schema CorporateTrialRegistration.name", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateTrialRegistration.industry", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateTrialRegistration.contactEmail", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateTrialRegistration.contactPhone", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateTrialRegistration.subscriptionTier", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateTrialRegistration.country", "maxLength", cloud.CorporateFieldMaxBytes},
	{"schema CorporateLoginRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema CorporateLoginRequest.password", "maxLength", cloud.PasswordMaxBytes},
	{"schema CorporateSetupPasswordRequest.token", "maxLength", cloud.TokenMaxBytes},
	{"schema CorporateSetupPasswordRequest.password", "maxLength", cloud.PasswordMaxBytes},
	{"schema CorporateResendSetupRequest.registrationId", "maxLength", cloud.TokenMaxBytes},
	{"schema CorporateResendSetupRequest.sessionId", "maxLength", cloud.TokenMaxBytes},
	{"schema CorporateResendSetupRequest.token", "maxLength", cloud.TokenMaxBytes},
	{"schema CorporateInviteRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema CorporateSubscribeRequest.subscriptionPlan", "maxLength", cloud.MaxBodyBytes},
	{"schema BatchPrintRequest.codeIds", "maxItems", cloud.MaxBatchLabels},
	{"schema BatchPrintRequest.codeIds.items", "maximum", math.MaxInt64},
	{"schema BatchPrintRequest.startPosition", "maximum", cloud.MaxBatchLabels},
	{"schema BatchFitRequest.codeIds", "maxItems", cloud.MaxBatchLabels},
	{"schema BatchFitRequest.codeIds.items", "maximum", math.MaxInt64},
	{"schema BatchPrintLayoutChoice.id", "maxLength", cloud.MaxBodyBytes},
	{"schema PrintRunRequest.layout", "maxLength", cloud.MaxBodyBytes},
	{"schema PrintRunRequest.labels", "maximum", cloud.MaxBatchLabels},
	{"schema PrintRunRequest.codeIds", "maxItems", cloud.MaxBatchLabels},
	{"schema PrintRunRequest.codeIds.items", "maximum", math.MaxInt64},
	{"schema CollectionLinkRequest.templateId", "maximum", math.MaxInt64},
	{"schema CollectionLinkRequest.projectId", "maximum", math.MaxInt64},
	{"schema CollectionLinkRequest.expiresInDays", "maximum", math.MaxInt32},
	{"schema UpdateLinkRequest.email", "maxLength", emergency.Rules.MaxBytes["email"]},
	{"schema CollectSubmission.values.additionalProperties", "maxLength", longestTemplateValue()},
	{"schema ProjectRequest.name", "maxLength", cloud.ProjectNameMaxBytes},
	{"schema ProjectRequest.description", "maxLength", cloud.ProjectDescriptionMaxBytes},
	{"schema ProjectRequest.status", "maxLength", cloud.MaxBodyBytes},
	{"schema ProjectRequest.startDate", "maxLength", len(time.DateOnly)},
	{"schema ProjectRequest.endDate", "maxLength", len(time.DateOnly)},
	{"schema CreateQRCodeRequest.name", "maxLength", cloud.CodeNameMaxBytes},
	{"schema CreateQRCodeRequest.projectId", "maximum", math.MaxInt64},
	{"schema CreateQRCodeRequest.templateId", "maximum", math.MaxInt64},
	{"schema CreateQRCodeRequest.labelType", "maxLength", cloud.MaxBodyBytes},
	{"schema CreateQRCodeRequest.values.additionalProperties", "maxLength", longestTemplateValue()},
	{"schema CreateQRCodeRequest.externalId", "maxLength", cloud.ExternalIDMaxBytes},
	{"schema UpdateQRCodeRequest.name", "maxLength", cloud.CodeNameMaxBytes},
	{"schema UpdateQRCodeRequest.projectId", "maximum", math.MaxInt64},
	{"schema UpdateQRCodeRequest.labelType", "maxLength", cloud.MaxBodyBytes},
	{"schema UpdateQRCodeRequest.values.additionalProperties", "maxLength", longestTemplateValue()},
	{"schema UpdateQRCodeRequest.externalId", "maxLength", cloud.ExternalIDMaxBytes},
	{"schema ImportQRCodesRequest.templateId", "maximum", math.MaxInt64},
	{"schema ImportQRCodesRequest.projectId", "maximum", math.MaxInt64},
	{"schema ImportQRCodesRequest.labelType", "maxLength", cloud.MaxBodyBytes},
	{"schema ImportQRCodesRequest.csv", "maxLength", cloud.ImportMaxBytes},
	{"schema ImportQRCodesRequest.csvFile", "maxLength", base64.StdEncoding.EncodedLen(cloud.ImportMaxBytes)},
	{"schema FormTemplateFieldInput.id", "maxLength", emergency.Rules.Templates.MaxBytes["id"]},
	{"schema FormTemplateFieldInput.label", "maxLength", emergency.Rules.Templates.MaxBytes["label"]},
	{"schema FormTemplateFieldInput.placeholder", "maxLength", emergency.Rules.Templates.MaxBytes["placeholder"]},
	{"schema FormTemplateFieldInput.order", "minimum", math.MinInt32},
	{"schema FormTemplateFieldInput.order", "maximum", math.MaxInt32},
	{"schema FormTemplateFieldInput.options", "maxItems", emergency.Rules.Templates.MaxOptions},
	{"schema FormTemplateFieldInput.options.items", "maxLength", emergency.Rules.Templates.MaxBytes["option"]},
	{"schema FormTemplateFieldInput.standard", "maxLength", cloud.MaxBodyBytes},
	{"schema FormTemplateRequest.name", "maxLength", emergency.Rules.Templates.MaxBytes["name"]},
	{"schema FormTemplateRequest.description", "maxLength", emergency.Rules.Templates.MaxBytes["description"]},
	{"schema FormTemplateRequest.fields", "maxItems", emergency.Rules.Templates.MaxFields},
	{"schema CorporateAPIKeyRequest.name", "maxLength", cloud.APIKeyNameMax},
	{"schema CorporateAPIKeyRequest.scope", "maxLength", cloud.MaxBodyBytes},
	{"schema CorporateAPIKeyRequest.expiresAt", "maxLength", cloud.MaxBodyBytes},
	{"schema UpsertQRCodeRequest.name", "maxLength", cloud.CodeNameMaxBytes},
	{"schema UpsertQRCodeRequest.projectId", "maximum", math.MaxInt64},
	{"schema UpsertQRCodeRequest.templateId", "maximum", math.MaxInt64},
	{"schema UpsertQRCodeRequest.labelType", "maxLength", cloud.MaxBodyBytes},
	{"schema UpsertQRCodeRequest.values.additionalProperties", "maxLength", longestTemplateValue()},
	{"schema BulkUpsertQRCodeItem.externalId", "maxLength", cloud.ExternalIDMaxBytes},
	{"schema BulkUpsertQRCodesRequest.qrCodes", "maxItems", cloud.ImportMaxRows},
	{"schema LabelsByExternalIDRequest.externalIds", "maxItems", cloud.MaxBatchLabels},
	{"schema LabelsByExternalIDRequest.externalIds.items", "maxLength", cloud.ExternalIDMaxBytes},
	{"schema LabelsByExternalIDRequest.startPosition", "maximum", cloud.MaxBatchLabels},
	{"parameter OrgID", "maximum", math.MaxInt64},
	{"parameter CodeID", "maximum", math.MaxInt64},
	{"parameter ProjectID", "maximum", math.MaxInt64},
	{"parameter LinkID", "maximum", math.MaxInt64},
	{"parameter MemberID", "minimum", math.MinInt64},
	{"parameter MemberID", "maximum", math.MaxInt64},
	{"parameter AdminUserID", "maxLength", longestID},
	{"parameter AdminOrderID", "maxLength", cloud.MaxHeaderBytes},
	{"parameter AdminPage", "maximum", cloud.AdminPageMax},
	{"parameter AdminPageSize", "maximum", cloud.AdminPageSizeMax},
	{"parameter AdminSearch", "maxLength", cloud.AdminSearchMaxBytes},
	{"parameter AdminOrderSearch", "maxLength", cloud.AdminSearchMaxBytes},
	{"parameter FormTemplatePathID", "maximum", math.MaxInt64},
	{"parameter CollectToken", "maxLength", cloud.TokenMaxBytes},
	{"parameter CorporateBearerSession", "maxLength", len(lhttp.BearerClientValue)},
	{"parameter IdempotencyKey", "maxLength", cloud.IdempotencyKeyMaxBytes},
	{"parameter ExternalIDPath", "maxLength", cloud.ExternalIDMaxBytes},
}

// contractEnums holds each fixed set of values a request input takes in
// the document to the list the server checks it against.
var contractEnums = []struct {
	where string
	want  []string
}{
	{"schema CorporatePaperSizeRequest.paperSize", []string{string(labels.A4), string(labels.Letter)}}, // cloud.ValidPaperSize
	{"schema FormTemplateFieldInput.type", emergency.FieldTypes},
	{"schema FormTemplateFieldInput.category", emergency.FieldCategories},
}

// longestBloodType is the longest value the blood type list allows.
func longestBloodType() int {
	n := 0
	for _, b := range emergency.Rules.BloodTypes {
		n = max(n, len(b))
	}
	return n
}

// longestTemplateValue is the longest value any field of a form template
// may hold: a typed field's limit, an option, or a standard slot's limit
// from the individual record.
func longestTemplateValue() int {
	n := emergency.Rules.Templates.MaxBytes["option"]
	for _, fieldType := range []string{emergency.FieldText, emergency.FieldTextarea, emergency.FieldNumber, emergency.FieldPhone, emergency.FieldEmail} {
		n = max(n, emergency.Rules.Templates.MaxBytes[fieldType])
	}
	for _, limit := range emergency.Rules.MaxBytes {
		n = max(n, limit)
	}
	return n
}

func TestContractBoundsAreTheServers(t *testing.T) {
	doc := contractTree(t)
	for _, b := range contractBounds {
		node, err := contractNode(doc, b.where)
		if err != nil {
			t.Errorf("%s: %v", b.where, err)
			continue
		}
		got, ok := node[b.keyword].(json.Number)
		if !ok {
			t.Errorf("%s: no %s in the document, the server's limit is %v", b.where, b.keyword, b.want)
			continue
		}
		if got.String() != fmt.Sprint(b.want) {
			t.Errorf("%s: %s is %s in the document, the server's limit is %v", b.where, b.keyword, got, b.want)
		}
	}
}

func TestContractEnumsAreTheServers(t *testing.T) {
	doc := contractTree(t)
	for _, e := range contractEnums {
		node, err := contractNode(doc, e.where)
		if err != nil {
			t.Errorf("%s: %v", e.where, err)
			continue
		}
		values, _ := node["enum"].([]any)
		var got []string
		for _, v := range values {
			got = append(got, fmt.Sprint(v))
		}
		want := slices.Clone(e.want)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the document's enum is %q, the server takes %q", e.where, got, want)
		}
	}
}

// contractTree is the document as JSON values, numbers kept exact (a 64-bit
// id's maximum does not survive a float64).
func contractTree(t *testing.T) map[string]any {
	t.Helper()
	raw, err := api.JSON()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// contractNode finds the schema a contractBound names.
func contractNode(doc map[string]any, where string) (map[string]any, error) {
	kind, rest, _ := strings.Cut(where, " ")
	switch kind {
	case "schema":
		steps := strings.Split(rest, ".")
		node := contractAt(doc, "components", "schemas", steps[0])
		for _, step := range steps[1:] {
			if step == "items" || step == "additionalProperties" {
				node = contractAt(node, step)
			} else {
				node = contractAt(node, "properties", step)
			}
		}
		return contractFound(node)
	case "parameter":
		return contractFound(contractAt(doc, "components", "parameters", rest, "schema"))
	}
	path, name, _ := strings.Cut(rest, " ")
	op := contractAt(doc, "paths", path, strings.ToLower(kind))
	if op == nil {
		return nil, fmt.Errorf("no such operation")
	}
	if strings.Contains(name, "/") {
		return contractFound(contractAt(contractResolve(doc, contractAt(op, "requestBody")), "content", name, "schema"))
	}
	params, _ := op["parameters"].([]any)
	for _, p := range params {
		p := contractResolve(doc, p)
		if p["name"] == name {
			return contractFound(contractAt(p, "schema"))
		}
	}
	return nil, fmt.Errorf("no parameter %q", name)
}

func contractFound(node map[string]any) (map[string]any, error) {
	if node == nil {
		return nil, fmt.Errorf("not in the document")
	}
	return node, nil
}

// contractAt walks down a mapping by keys; nil when one is missing.
func contractAt(node any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ := node.(map[string]any)
		node = m[k]
	}
	m, _ := node.(map[string]any)
	return m
}

// contractResolve follows a local $ref ("#/components/schemas/Name").
func contractResolve(doc map[string]any, node any) map[string]any {
	m, _ := node.(map[string]any)
	for m != nil {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		m = contractAt(doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...)
	}
	return m
}

// TestContractInputsAreBounded walks every input of every operation (its
// parameters, headers among them, and its request body, through every
// schema they reference) and fails on a string without maxLength, enum or
// const, an integer without maximum, or an array without maxItems (the
// OWASP ruleset's three input limits): an input added without a limit fails
// the build, and its limit then belongs in contractBounds. A number (a
// double) may be any finite value, as an analytics event's is; where the
// server bounds one, contractBounds holds it.
func TestContractInputsAreBounded(t *testing.T) {
	doc := contractTree(t)
	paths := contractAt(doc, "paths")
	var unbounded []string
	for _, path := range sortedKeys(paths) {
		item := contractAt(paths, path)
		shared, _ := item["parameters"].([]any)
		for _, method := range []string{"get", "put", "post", "delete", "patch"} {
			op := contractAt(item, method)
			if op == nil {
				continue
			}
			at := strings.ToUpper(method) + " " + path
			w := &boundWalk{doc: doc, seen: map[string]bool{}}
			own, _ := op["parameters"].([]any)
			for _, p := range slices.Concat(shared, own) {
				p := contractResolve(doc, p)
				w.schema(at+" "+fmt.Sprint(p["in"])+" "+fmt.Sprint(p["name"]), p["schema"])
			}
			content := contractAt(contractResolve(doc, op["requestBody"]), "content")
			for _, media := range sortedKeys(content) {
				w.schema(at+" body "+media, contractAt(content, media, "schema"))
			}
			unbounded = append(unbounded, w.unbounded...)
		}
	}
	for _, u := range unbounded {
		t.Errorf("%s: no limit in the document", u)
	}
}

type boundWalk struct {
	doc       map[string]any
	seen      map[string]bool // component schemas already walked for this operation
	unbounded []string
}

func (w *boundWalk) schema(at string, node any) {
	m, _ := node.(map[string]any)
	if m == nil {
		return
	}
	if ref, ok := m["$ref"].(string); ok {
		if w.seen[ref] {
			return
		}
		w.seen[ref] = true
		w.schema(at+" ("+ref[strings.LastIndex(ref, "/")+1:]+")", contractResolve(w.doc, m))
		return
	}
	_, hasEnum := m["enum"]
	_, hasConst := m["const"]
	for _, typ := range schemaTypes(m["type"]) {
		var limit string
		switch typ {
		case "string":
			if hasEnum || hasConst {
				continue
			}
			limit = "maxLength"
		case "integer":
			limit = "maximum"
		case "array":
			limit = "maxItems"
		default:
			continue
		}
		if _, ok := m[limit]; !ok {
			w.unbounded = append(w.unbounded, at+": a "+typ+" without "+limit)
		}
	}
	props := contractAt(m, "properties")
	for _, name := range sortedKeys(props) {
		w.schema(at+"."+name, props[name])
	}
	w.schema(at+"[]", m["items"])
	w.schema(at+"{}", m["additionalProperties"])
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		subs, _ := m[key].([]any)
		for i, sub := range subs {
			w.schema(fmt.Sprintf("%s %s[%d]", at, key, i), sub)
		}
	}
}

// schemaTypes reads a schema's type, one name or a list of them.
func schemaTypes(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var types []string
		for _, t := range v {
			if s, ok := t.(string); ok {
				types = append(types, s)
			}
		}
		return types
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
