package http

// AddressDelay exposes addressDelay to the external tests.
var AddressDelay = addressDelay
