-- GET with the bearer token from the environment (wrk -s get.lua URL).
local token = os.getenv("DOABLE_TOKEN")
wrk.headers["Authorization"] = "Bearer " .. token
dofile(os.getenv("WRK_DIR") .. "/report.lua")
