/**
 * What an operation runs with besides its document: the request's variables and the operation it names. Its
 * own file so that the executor and the compiled operations both name it without importing one another.
 */
export interface GraphParams {
  readonly variables: Readonly<Record<string, unknown>> | undefined;
  readonly operationName: string | undefined;
}
