-- POST /api/v1/tasks/{id}/complete, each request on a task still open, each task once (bench/game_bench.py).
-- DOABLE_COMPLETE_FILE has one line per account: "TOKEN ID,ID,...". WRK_THREADS is wrk's -t. Thread i of N
-- takes the accounts i, i+N, i+2N ... and walks them round robin, so the requests in flight at one moment are of
-- different accounts (each connection about one account), as one member completes one task at a time.
-- Each thread counts 200 answers, those whose body has a reward with its points ("reward":{..."points":N), and
-- the requests made after an account ran out of tasks (they repeat its last task: a no-op, and no reward).
local threads = {}
local created = 0

setup = function(thread)
  thread:set("index", created)
  created = created + 1
  table.insert(threads, thread)
end

init = function(args)
  local count = tonumber(os.getenv("WRK_THREADS") or "1")
  accounts = {}
  local number = 0
  for line in io.lines(os.getenv("DOABLE_COMPLETE_FILE")) do
    if number % count == index then
      local token, list = string.match(line, "^(%S+) (%S+)$")
      local ids = {}
      for id in string.gmatch(list, "[^,]+") do ids[#ids + 1] = id end
      accounts[#accounts + 1] = { auth = "Bearer " .. token, ids = ids, next = 1 }
    end
    number = number + 1
  end
  turn = 0
  ok, rewarded, other, exhausted = 0, 0, 0, 0
end

request = function()
  turn = turn % #accounts + 1
  local account = accounts[turn]
  local id = account.ids[account.next]
  if account.next < #account.ids then account.next = account.next + 1 else exhausted = exhausted + 1 end
  return wrk.format("POST", "/api/v1/tasks/" .. id .. "/complete",
    { ["Authorization"] = account.auth, ["Content-Type"] = "application/json" }, "{}")
end

response = function(status, headers, body)
  if status ~= 200 then
    other = other + 1
    return
  end
  ok = ok + 1
  local at = string.find(body, '"reward":%s*{')
  if at and string.find(body, '"points":%s*%-?%d', at) then rewarded = rewarded + 1 end
end

done = function(summary, latency, requests)
  local sums = { ok = 0, rewarded = 0, other = 0, exhausted = 0 }
  for _, thread in ipairs(threads) do
    for key, _ in pairs(sums) do sums[key] = sums[key] + (thread:get(key) or 0) end
  end
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format(
    "RESULT rps=%.1f p50=%.2f p95=%.2f p99=%.2f requests=%d errors=%d ok=%d rewarded=%d non200=%d exhausted=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, summary.requests, errors, sums.ok, sums.rewarded, sums.other, sums.exhausted))
end
