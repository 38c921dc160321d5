// Go, Rust, Swift, C (libcurl) and C++ (cpr) examples.
import { bodyText, type ExampleRequest } from './request.js';
import { cQuoted, jsonQuoted, rustQuoted, swiftQuoted } from './string-literals.js';

export function go(request: ExampleRequest): string {
  const hasBody = request.body !== undefined;
  return [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    ...(hasBody ? ['\t"strings"'] : []),
    ')',
    '',
    'func main() {',
    `\turl := ${jsonQuoted(request.url)}`,
    ...(hasBody ? [`\tpayload := strings.NewReader(${jsonQuoted(bodyText(request))})`] : []),
    `\treq, _ := http.NewRequest(${jsonQuoted(request.method)}, url, ${hasBody ? 'payload' : 'nil'})`,
    ...request.headers.map(([name, value]) => `\treq.Header.Add(${jsonQuoted(name)}, ${jsonQuoted(value)})`),
    '\tres, _ := http.DefaultClient.Do(req)',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(string(body))',
    '}',
  ].join('\n');
}

export function rust(request: ExampleRequest): string {
  return [
    '#[tokio::main]',
    'async fn main() -> Result<(), reqwest::Error> {',
    '    let response = reqwest::Client::new()',
    `        .request(reqwest::Method::${request.method}, ${rustQuoted(request.url)})`,
    ...request.headers.map(([name, value]) => `        .header(${rustQuoted(name)}, ${rustQuoted(value)})`),
    ...(request.body === undefined ? [] : [`        .body(${rustQuoted(bodyText(request))})`]),
    '        .send()',
    '        .await?;',
    '    println!("{}", response.text().await?);',
    '    Ok(())',
    '}',
  ].join('\n');
}

export function swift(request: ExampleRequest): string {
  return [
    'import Foundation',
    '',
    `var request = URLRequest(url: URL(string: ${swiftQuoted(request.url)})!)`,
    `request.httpMethod = ${swiftQuoted(request.method)}`,
    ...request.headers.map(([name, value]) => `request.setValue(${swiftQuoted(value)}, forHTTPHeaderField: ${swiftQuoted(name)})`),
    ...(request.body === undefined ? [] : [`request.httpBody = Data(${swiftQuoted(bodyText(request))}.utf8)`]),
    '',
    'let (data, _) = try await URLSession.shared.data(for: request)',
    'print(String(decoding: data, as: UTF8.self))',
  ].join('\n');
}

export function c(request: ExampleRequest): string {
  return [
    '#include <curl/curl.h>',
    '',
    'int main(void) {',
    '  CURL *curl = curl_easy_init();',
    '  struct curl_slist *headers = NULL;',
    ...request.headers.map(([name, value]) => `  headers = curl_slist_append(headers, ${cQuoted(`${name}: ${value}`)});`),
    `  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, ${cQuoted(request.method)});`,
    `  curl_easy_setopt(curl, CURLOPT_URL, ${cQuoted(request.url)});`,
    '  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);',
    ...(request.body === undefined ? [] : [`  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, ${cQuoted(bodyText(request))});`]),
    '  CURLcode result = curl_easy_perform(curl);',
    '  curl_slist_free_all(headers);',
    '  curl_easy_cleanup(curl);',
    '  return result == CURLE_OK ? 0 : 1;',
    '}',
  ].join('\n');
}

/** cpr's call of each method it has one for (not TRACE). */
const CPR_CALLS: Partial<Record<ExampleRequest['method'], string>> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  PATCH: 'Patch',
  DELETE: 'Delete',
  HEAD: 'Head',
  OPTIONS: 'Options',
};

export function cpp(request: ExampleRequest): string {
  const call = CPR_CALLS[request.method];
  // libcurl is C++ too, for the method cpr has no call for.
  if (!call) return c(request);
  const args = [`cpr::Url{${cQuoted(request.url)}}`];
  if (request.headers.length > 0) args.push(`cpr::Header{${request.headers.map(([name, value]) => `{${cQuoted(name)}, ${cQuoted(value)}}`).join(', ')}}`);
  if (request.body !== undefined) args.push(`cpr::Body{${cQuoted(bodyText(request))}}`);
  return [
    '#include <cpr/cpr.h>',
    '#include <iostream>',
    '',
    'int main() {',
    `  cpr::Response response = cpr::${call}(${args.join(', ')});`,
    '  std::cout << response.text << std::endl;',
    '}',
  ].join('\n');
}
