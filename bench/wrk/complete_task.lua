-- POST /api/v1/tasks/{id}/complete, then /reopen, over the seeded tasks, so every request is a real write.
-- Each wrk thread starts at its own place and walks the ids in turn, so one task is rarely written twice at once.
local token = os.getenv("DOABLE_TOKEN")
local ids = {}
for id in string.gmatch(os.getenv("DOABLE_TASK_IDS"), "[^,]+") do ids[#ids + 1] = id end
local counter = 0
local threads = 0

setup = function(thread)
  threads = threads + 1
  thread:set("offset", threads * 97)
end

request = function()
  counter = counter + 1
  local step = counter + (offset or 0)
  local id = ids[(step % #ids) + 1]
  local action = (math.floor(step / #ids) % 2 == 0) and "complete" or "reopen"
  return wrk.format("POST", "/api/v1/tasks/" .. id .. "/" .. action,
    { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }, "{}")
end
dofile(os.getenv("WRK_DIR") .. "/report.lua")
