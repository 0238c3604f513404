// GraphQL types of the org area: import each of the area's node/mutation files here.
export {};
