-- POST /api/v1/sync/pull with the bearer token and the JSON body from the environment (DOABLE_TOKEN,
-- DOABLE_PULL_BODY): the same pull again and again, as a device whose cursor is current.
wrk.method = "POST"
wrk.body = os.getenv("DOABLE_PULL_BODY")
wrk.headers["Authorization"] = "Bearer " .. os.getenv("DOABLE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
dofile(os.getenv("WRK_DIR") .. "/report.lua")
