#!/usr/bin/env python3
"""The peers' job as a plain script: Du et al.'s multi-agent debate with the
Python standard library only (threads, http.client, json).

Usage: du_thread_loop.py <base-url> <medqa.jsonl> <agents> <rounds> <workers>

Same prompts and call count as `quorum run --protocol du --rounds <rounds-1>`:
each question gets <agents> answers in round 0, then <rounds>-1 rounds where
every agent sees its own history and the other agents' last answers. Each
worker thread debates one question at a time with its own keep-alive
connection, so at most <workers> calls are in flight. Nothing is stored; the
final answer is a majority vote. Prints one JSON line: calls, wall seconds,
and the answers' first letters tallied, so a run that went wrong shows.
"""
import http.client
import json
import queue
import re
import sys
import threading
import time
import urllib.parse


def question_prompt(item):
    options = ", ".join(f"{letter}) {text}" for letter, text in item["options"].items())
    return (
        "Can you answer the following question as accurately as possible? "
        f"{item['question']}: {options} Explain your answer, putting the answer in the form (X) at the end of your response."
    )


def debate_prompt(peer_replies):
    peers = "".join(f"\n\n One agent solution: ```{reply}```" for reply in peer_replies)
    return (
        f"These are the solutions to the problem from other agents: {peers}\n\n Using the reasoning from other agents as additional advice, "
        "can you give an updated answer? Examine your solution and that other agents step by step. Put your answer in the form (X) at the end of your response."
    )


class Client:
    """One keep-alive connection to the OpenAI-compatible server."""

    def __init__(self, base_url, model):
        parsed = urllib.parse.urlparse(base_url)
        self.host, self.port = parsed.hostname, parsed.port or 80
        self.path = parsed.path.rstrip("/") + "/chat/completions"
        self.model = model
        self.connection = http.client.HTTPConnection(self.host, self.port)

    def complete(self, messages, seed):
        body = json.dumps({"model": self.model, "messages": messages, "temperature": 0.7, "max_tokens": 768, "seed": seed})
        for attempt in range(3):
            try:
                self.connection.request("POST", self.path, body, {"content-type": "application/json"})
                response = self.connection.getresponse()
                data = response.read()
                if response.status != 200:
                    raise RuntimeError(f"HTTP {response.status}: {data[:200]!r}")
                return json.loads(data)["choices"][0]["message"]["content"]
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, self.port)
        raise RuntimeError("three connection failures in a row")


def answer_letter(text):
    match = re.search(r"\(([A-E])\)\s*$", text) or re.search(r"Answer:\s*([A-E])", text)
    return match.group(1) if match else None


def debate(client, item, agents, rounds, index):
    histories = [[{"role": "user", "content": question_prompt(item)}] for _ in range(agents)]
    replies = [None] * agents
    calls = 0
    for round_index in range(rounds):
        if round_index > 0:
            for agent in range(agents):
                histories[agent].append({"role": "user", "content": debate_prompt([reply for other, reply in enumerate(replies) if other != agent])})
        for agent in range(agents):
            reply = client.complete(histories[agent], seed=index * 1000 + round_index * 10 + agent)
            histories[agent].append({"role": "assistant", "content": reply})
            replies[agent] = reply
            calls += 1
    votes = [answer_letter(reply) for reply in replies]
    return calls, max(set(votes), key=votes.count)


def main():
    base_url, data_file, agents, rounds, workers = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    with open(data_file, encoding="utf-8") as handle:
        items = [json.loads(line) for line in handle if line.strip()]
    work = queue.Queue()
    for index, item in enumerate(items):
        work.put((index, item))
    totals = {"calls": 0, "answers": {}}
    lock = threading.Lock()
    errors = []

    def worker():
        client = Client(base_url, "m")
        while True:
            try:
                index, item = work.get_nowait()
            except queue.Empty:
                return
            try:
                calls, answer = debate(client, item, agents, rounds, index)
            except Exception as error:  # noqa: BLE001 - reported below, the run goes on
                errors.append(str(error))
                continue
            with lock:
                totals["calls"] += calls
                totals["answers"][str(answer)] = totals["answers"].get(str(answer), 0) + 1

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    print(json.dumps({"calls": totals["calls"], "questions": len(items), "errors": len(errors), "firstError": errors[0] if errors else None, "wallSeconds": wall, "answers": totals["answers"]}))


if __name__ == "__main__":
    main()
