"""Runs transactions with confluent-kafka's transactional Producer, then reads the partition back with
a read_committed Consumer by partition assignment (no group membership).

Reads one JSON object on stdin: {"config": {librdkafka settings}, "topic": name, "partition": n,
"transactions": [{"values": [value, ...], "commit": bool}, ...], "read": count, "from": offset}.
Each transaction is begun, its values produced and flushed, then committed or aborted. Prints
{"delivered": [[offset, value], ...], "consumed": [[offset, value], ...]}: every delivery report
(aborted records are delivered too, their transaction then aborted), and `read` records a
read_committed consumer got from offset `from`. Any client error exits 1 with it on stderr.
Written for the confluent-kafka 1.7 API that Debian 12 ships.
"""
from confluent_kafka import Producer

from probe_common import TIMEOUT_S, flush_all, read_assigned, run_probe


def run_transactions(settings, request):
    delivered = []

    def report(err, msg):
        if err is not None:
            raise RuntimeError("delivery failed: %s" % err)
        delivered.append([msg.offset(), msg.value().decode("utf-8")])

    config = dict(settings)
    config["transactional.id"] = request["transactional_id"]
    producer = Producer(config)
    producer.init_transactions(TIMEOUT_S)
    for txn in request["transactions"]:
        producer.begin_transaction()
        for value in txn["values"]:
            producer.produce(request["topic"], value=value.encode("utf-8"), partition=request["partition"], on_delivery=report)
        flush_all(producer)
        if txn["commit"]:
            producer.commit_transaction(TIMEOUT_S)
        else:
            producer.abort_transaction(TIMEOUT_S)
    return delivered


def main(request):
    settings = dict(request["config"])
    delivered = run_transactions(settings, request)
    extra = {"group.id": "txn-probe", "isolation.level": "read_committed"}
    consumed = read_assigned(settings, request, extra) if request["read"] > 0 else []
    return {"delivered": delivered, "consumed": consumed}


if __name__ == "__main__":
    run_probe(main)
