-- POST /api/v1/tasks/{id}/complete, then /reopen, over the seeded tasks, so every request is a real write.
local token = os.getenv("DOABLE_TOKEN")
local ids = {}
for id in string.gmatch(os.getenv("DOABLE_TASK_IDS"), "[^,]+") do ids[#ids + 1] = id end
local counter = 0
request = function()
  counter = counter + 1
  local id = ids[(math.floor(counter / 2) % #ids) + 1]
  local action = (counter % 2 == 0) and "complete" or "reopen"
  return wrk.format("POST", "/api/v1/tasks/" .. id .. "/" .. action,
    { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }, "{}")
end
dofile(os.getenv("WRK_DIR") .. "/report.lua")
