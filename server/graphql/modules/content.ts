// GraphQL types of the content area: import each of the area's node/mutation files here.
export {};
