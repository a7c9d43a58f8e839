/**
 * The model-reader worker's handler behind a port of the page's client (src/app/modelReader.ts), in process: Node
 * has no Web Worker. Answers come asynchronously and structured-cloned, as a worker's do; `silent` ports never
 * answer (a worker that hangs).
 */
import type { ModelReaderPort } from '../../src/app/modelReader';
import { answerModelRead } from '../../src/worker/modelReaderHandler';
import { customScenario } from '../../src/scenario/custom';
import type { ModelReadRequest } from '../../src/worker/modelReaderProtocol';

export interface TestPort extends ModelReaderPort {
  /** The texts this port was sent. */
  readonly sent: string[];
  terminated: boolean;
}

export function inProcessModelReader(options: { silent?: boolean } = {}): TestPort {
  const port: TestPort = {
    sent: [],
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage(request: ModelReadRequest) {
      port.sent.push(request.text);
      if (options.silent) return;
      setTimeout(() => {
        if (!port.terminated) port.onmessage?.({ data: structuredClone(answerModelRead(request, customScenario)) });
      }, 0);
    },
    terminate() {
      port.terminated = true;
    },
  };
  return port;
}
