-- POST /api/v1/tasks: one new task per request in the seeded list.
local token = os.getenv("DOABLE_TOKEN")
local list = os.getenv("DOABLE_LIST")
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"title":"bench task %d","listId":"%s","priority":"medium"}', counter, list)
  return wrk.format("POST", "/api/v1/tasks",
    { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }, body)
end
dofile(os.getenv("WRK_DIR") .. "/report.lua")
