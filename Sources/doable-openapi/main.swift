import DoableAPI

// Prints the OpenAPI document that the server answers at GET /api/v1/openapi.json.
print(OpenAPIDocument.rendered(), terminator: "")
